//go:build js && wasm && !pfcheck_minimal

package main

import (
	"syscall/js"

	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// conformance (web/node/conformance.mjs) is only in the verifier with every
// scheme, which Node loads; no page carries it.
func init() {
	calls["conformance"] = call{conformance, map[string]any{"refused": codeReentrant}}
}

// conformance reads an operator's vector files, [{path, data: Uint8Array},
// …], as the build does (verify.ReadVectorFile) and runs every case:
// {files: [{path, scheme, cases: [{name: "<scheme>/<name>", failure}]}]},
// failure "" where a case passes, or {refused: why} for the first file
// that cannot run. Every text is printable as it is (report.Escaped).
func conformance(args []js.Value) any {
	if len(args) < 1 || !args[0].InstanceOf(js.Global().Get("Array")) || args[0].Length() == 0 {
		return map[string]any{"refused": "no files: a list of {path, data: Uint8Array}"}
	}
	names := map[string]string{}
	var files []any
	for i := range args[0].Length() {
		item := args[0].Index(i)
		path, data := item.Get("path"), item.Get("data")
		if path.Type() != js.TypeString || !data.InstanceOf(uint8Array) {
			return map[string]any{"refused": "files: a list of {path, data: Uint8Array}"}
		}
		if refusal := verify.VectorFileTooLarge(path.String(), data.Length()); refusal != "" {
			return map[string]any{"refused": refusal} // uncopied
		}
		bytes := make([]byte, data.Length())
		js.CopyBytesToGo(bytes, data)
		file, refusal := verify.ReadVectorFile(path.String(), string(bytes), names)
		if refusal != "" {
			return map[string]any{"refused": refusal}
		}
		failures, refusal := file.Run(path.String())
		if refusal != "" {
			return map[string]any{"refused": refusal}
		}
		cases := make([]any, len(file.Cases))
		for i, c := range file.Cases {
			name, _ := c["name"].(string)
			cases[i] = map[string]any{"name": report.Escaped(file.Scheme + "/" + name), "failure": report.Escaped(failures[i])}
		}
		files = append(files, map[string]any{"path": report.Escaped(path.String()), "scheme": file.Scheme, "cases": cases})
	}
	return map[string]any{"files": files}
}
