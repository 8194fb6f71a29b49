//go:build js && wasm && (!pfcheck_minimal || pfcheck_audit)

package main

import (
	"syscall/js"

	"pfcheck/internal/audit"
	"pfcheck/internal/record"
	"pfcheck/internal/report"
	"pfcheck/internal/verify"
)

// The audit's calls link the chi-square's mathematics and the audit itself,
// some 25 KB gzip that only the audit page downloads.
func init() {
	calls["audit"] = auditBatch
	calls["rollStats"] = func(args []js.Value) any { return verify.RollStats(plain(args, maxRecordBytes)) }
}

const (
	// An audit batch is a few hundred KB of lines, or one long line.
	maxAuditBytes = 2 * audit.MaxLine
	// How many lines that are not a match a batch lists by default.
	defaultMaxProblems = 1000
)

// auditBatch runs audit.Run on one batch of lines.
func auditBatch(args []js.Value) any {
	text, ok := stringArg(args)
	if !ok {
		return errorsObject("text")
	}
	if len(text) > maxAuditBytes {
		return map[string]any{"errors": report.ProblemList([]report.Problem{{Field: "text", Code: audit.CodeTooLong}})}
	}
	first, maxProblems := 1, defaultMaxProblems
	var formats []string
	if len(args) > 1 && !args[1].IsUndefined() {
		opts, isObject := plain(args[1:], maxRecordBytes).(map[string]any)
		if !isObject {
			return errorsObject("options")
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
