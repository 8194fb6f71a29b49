package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pfcheck/internal/report"
	"pfcheck/internal/verify"
	"pfcheck/web"
)

// The operator's own vectors (make build OPERATOR_VECTORS=dir): files of
// our vector format (testdata/README.md), typically records the game's
// server wrote, each expecting match. Each page carries the cases of its
// schemes beside ours, in a blob of its own, <dist>/wasm/<page>.operator.vectors,
// and runs them in its self-test (web/static/common.js: operatorSelfTest);
// the build runs every case first and stops at any that fails.

// operatorCases are an operator's cases by scheme, as the pages carry them.
type operatorCases map[string][]any

// maxOperatorDepth is how deep a page's verifier reads its vectors (wasm:
// maxDepth).
const maxOperatorDepth = 12

// readOperatorVectors reads every *.json of dir as conformance does
// (verify.ReadVectorFile: a file either reader could read otherwise is
// refused) and runs each case as the page will, from the bytes it will
// carry: a refused file, or a case that fails, is an error that names the
// file and the case (and for a failing case its first difference,
// verify.RunCase).
func readOperatorVectors(dir string) (operatorCases, error) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(paths) == 0 {
		return nil, fmt.Errorf("OPERATOR_VECTORS=%s: no *.json there", dir)
	}
	schemes := map[string]bool{}
	for _, p := range web.Pages {
		for _, s := range p.Schemes {
			schemes[s] = true
		}
	}
	all := operatorCases{}
	names := map[string]string{} // "<scheme>/<name>": its file
	var problems []string
	for _, path := range paths {
		info, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if refusal := verify.VectorFileTooLarge(path, int(info.Size())); refusal != "" {
			return nil, errors.New(refusal) // unread
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		file, refusal := verify.ReadVectorFile(path, string(data), names)
		if refusal != "" {
			return nil, errors.New(refusal)
		}
		if !schemes[file.Scheme] {
			return nil, fmt.Errorf("%s: scheme %q: no page checks it (%s)", report.Escaped(path), file.Scheme, strings.Join(slices.Sorted(maps.Keys(schemes)), ", "))
		}
		cases := make([]any, len(file.Cases))
		for i, c := range file.Cases {
			cases[i] = c
		}
		// What the page will run: the file in the binary form it carries,
		// read back as its verifier reads it.
		carried, ok := report.ParsePlain(string(report.AppendPlain(nil, []any{map[string]any{"scheme": file.Scheme, "cases": cases}})), maxOperatorDepth)
		if !ok {
			return nil, fmt.Errorf("%s: nested deeper than a page reads", report.Escaped(path))
		}
		file.Cases = file.Cases[:0]
		for _, c := range carried.([]any)[0].(map[string]any)["cases"].([]any) {
			file.Cases = append(file.Cases, c.(map[string]any))
		}
		failures, refusal := file.Run(path)
		if refusal != "" {
			return nil, errors.New(refusal)
		}
		for i, c := range file.Cases {
			if failures[i] != "" {
				name, _ := c["name"].(string)
				problems = append(problems, "  "+report.Escaped(path+": "+file.Scheme+"/"+name+": "+failures[i]))
			}
			all[file.Scheme] = append(all[file.Scheme], c)
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("the operator's vectors: %d of %d cases fail, so no page would give a verdict:\n%s",
			len(problems), len(names), strings.Join(problems, "\n"))
	}
	return all, nil
}

// writeOperatorVectors writes the operator's cases of the page's schemes,
// one file per scheme as ours (writeVectors), to out, and returns them and
// their number; a page with none gets no file (one an earlier build left is
// removed) and no blob.
func writeOperatorVectors(operator operatorCases, page web.Page, out string) (data []byte, cases int, err error) {
	var files []any
	for _, scheme := range page.Schemes {
		if set := operator[scheme]; len(set) > 0 {
			files = append(files, map[string]any{"scheme": scheme, "cases": set})
			cases += len(set)
		}
	}
	if cases == 0 {
		if err := os.Remove(out); err != nil && !os.IsNotExist(err) {
			return nil, 0, err
		}
		return nil, 0, nil
	}
	data = report.AppendPlain(nil, files)
	return data, cases, os.WriteFile(out, data, 0o644)
}

// operatorEntry writes the page's operator vectors (writeOperatorVectors)
// and, where it has any, adds their entry to the page's build entry (the
// SHA-256 the page checks, and their number) and returns their
// blob's elements (web.BlobElements).
func operatorEntry(operator operatorCases, page web.Page, dist string, build map[string]map[string]any) (string, error) {
	file := filepath.Join(dist, "wasm", page.Name+".operator.vectors")
	data, cases, err := writeOperatorVectors(operator, page, file)
	if err != nil || cases == 0 {
		return "", err
	}
	build["operator"] = hashed(data)
	build["operator"]["cases"] = cases
	return web.BlobElements("operator-vectors", data), nil
}
