//go:build js && wasm && (!pfcheck_minimal || pfcheck_audit)

package main

import (
	"strings"
	"syscall/js"
	"unicode/utf8"

	"pfcheck/internal/audit"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// The audit's calls link the chi-square's mathematics and the audit itself,
// some 82 KB raw, 22 KB gzip that only the audit page downloads.
func init() {
	calls["audit"] = call{auditBatch, errorsObject("text", codeReentrant)}
	calls["rollStats"] = call{rollStats, errorsObject("counts", codeReentrant)}
}

const (
	// An audit batch is a few hundred KB of lines, or one long line.
	maxAuditBytes = 2 * audit.MaxLine
	// How many lines that are not a match a batch lists by default.
	defaultMaxProblems = 1000
)

func rollStats(args []js.Value) any {
	v, _ := plain(args, maxRecordBytes)
	return verify.RollStats(v)
}

// auditBatch runs audit.Run on one batch of lines; the text's size is
// bounded before it is copied, as every argument's.
func auditBatch(args []js.Value) any {
	text, code := auditText(args)
	if code != "" {
		return errorsObject("text", code)
	}
	first, maxProblems := 1, defaultMaxProblems
	var formats []string
	if len(args) > 1 && !args[1].IsUndefined() {
		v, code := plain(args[1:], maxRecordBytes)
		opts, isObject := v.(map[string]any)
		switch {
		case code != "":
			return errorsObject("options", code)
		case !isObject:
			return errorsObject("options", record.CodeWrongType)
		}
		r := record.NewReader(opts)
		if n, ok := r.Int("first", false); ok {
			if n < 1 {
				r.Problem("first", "not-positive", 0)
			}
			first = n
		}
		if n, ok := r.Int("maxProblems", false); ok {
			if n < 0 {
				r.Problem("maxProblems", "out-of-range", 0)
			}
			maxProblems = n
		}
		formats, _ = r.Strings("formats", false)
		if !r.OK() {
			return map[string]any{"errors": report.ProblemList(r.Problems)}
		}
	}
	return audit.Run(text, formats, first, maxProblems).Map()
}

// auditText is the batch: a string, or its UTF-8 bytes in a Uint8Array, as
// the audit's workers send it (read from the file, never decoded into a
// string on the way). Bytes that are no UTF-8 are read as U+FFFD (a run of
// them as one), as a string from TextDecoder would have them.
func auditText(args []js.Value) (text, code string) {
	if len(args) == 0 || !args[0].InstanceOf(uint8Array) {
		return stringArg(args, maxAuditBytes)
	}
	data, code := bytesValue(args[0], maxAuditBytes)
	text = string(data)
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	return text, code
}
