package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/textsafe"
	"github.com/schemaport/schemaport-action/internal/version"
)

// ordered returns the results with the disagreements first (in tool and
// target order), then the rest in the same order.
func (r *Report) ordered() []Result {
	out := make([]Result, 0, len(r.Results))
	for _, res := range r.Results {
		if res.Disagreement != "" {
			out = append(out, res)
		}
	}
	for _, res := range r.Results {
		if res.Disagreement == "" {
			out = append(out, res)
		}
	}
	return out
}

// WriteJSON writes SchemaPort's probe document (command,
// schemaPortVersion, summary, results) plus our disagreements count; each
// result carries `predicted` and, when it disagrees, `disagreement`.
func WriteJSON(w io.Writer, r *Report) error {
	results := r.ordered()
	doc := struct {
		Command       string   `json:"command"`
		Version       string   `json:"schemaPortVersion"`
		Summary       Summary  `json:"summary"`
		Disagreements int      `json:"disagreements"`
		Results       []Result `json:"results"`
	}{"probe", version.Version, r.Summary, r.Disagreements, results}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // as every other JSON report: `<` stays `<`
	return enc.Encode(doc)
}

// WriteDryRunJSON writes the requests --dry-run would send.
func WriteDryRunJSON(w io.Writer, reqs []Request) error {
	if reqs == nil {
		reqs = []Request{}
	}
	doc := struct {
		Command  string    `json:"command"`
		Version  string    `json:"schemaPortVersion"`
		DryRun   bool      `json:"dryRun"`
		Requests []Request `json:"requests"`
	}{"probe", version.Version, true, reqs}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // as every other JSON report: `<` stays `<`
	return enc.Encode(doc)
}

// TextOptions style the text report.
type TextOptions struct{ Color bool }

type painter struct{ on bool }

func (p painter) paint(code, s string) string {
	if !p.on {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}
func (p painter) bold(s string) string   { return p.paint("1", s) }
func (p painter) dim(s string) string    { return p.paint("2", s) }
func (p painter) red(s string) string    { return p.paint("31", s) }
func (p painter) green(s string) string  { return p.paint("32", s) }
func (p painter) yellow(s string) string { return p.paint("33", s) }

// WriteText writes the report for people: the disagreements with check
// first, then one block per tool and target (SchemaPort's layout), then
// the Result line.
func WriteText(w io.Writer, r *Report, o TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter{o.Color}
	if len(r.Results) == 0 {
		bw.WriteString("No tools found.\n")
		return bw.Flush()
	}
	if r.Disagreements > 0 {
		fmt.Fprintf(bw, "%s\n", p.bold(plural(r.Disagreements, "disagreement", "disagreements")+" with check"))
		for _, res := range r.Results {
			if res.Disagreement == "" {
				continue
			}
			bw.WriteString("\n")
			writeDisagreement(bw, p, &res)
		}
		bw.WriteString("\n")
	} else if r.Summary.Accepted+r.Summary.Rejected > 0 {
		bw.WriteString("Every verdict is what check predicted.\n\n")
	}
	current := ""
	for i, res := range r.Results {
		if i == 0 || res.ToolName != current || res.Source != r.Results[i-1].Source {
			if i > 0 {
				bw.WriteString("\n")
			}
			current = res.ToolName
			fmt.Fprintf(bw, "%s %s\n", p.bold("Tool:"), esc(res.ToolName))
		}
		bw.WriteString("\n")
		bw.WriteString(p.bold(res.display) + "\n")
		writeResult(bw, p, &res, r.CommandLine)
	}
	bw.WriteString("\n")
	s := r.Summary
	fmt.Fprintf(bw, "Result: %d accepted, %d rejected, %s, %d skipped\n", s.Accepted, s.Rejected, plural(s.Errors, "error", "errors"), s.Skipped)
	return bw.Flush()
}

func writeDisagreement(bw *bufio.Writer, p painter, res *Result) {
	switch res.Disagreement {
	case RejectedDespiteClean:
		fmt.Fprintf(bw, "%s %s on %s: the provider rejected it; check predicted it would be accepted.\n", p.red("✗"), esc(res.ToolName), res.display)
		if res.ProviderError != nil {
			fmt.Fprintf(bw, "  Provider error: %s\n", esc(res.ProviderError.Message))
		}
		if len(res.Predicted.Codes) > 0 {
			fmt.Fprintf(bw, "  Rules involved: %s\n", strings.Join(res.Predicted.Codes, ", "))
		} else {
			bw.WriteString("  Rules involved: none (check was clean for this target)\n")
		}
	case AcceptedDespiteError:
		fmt.Fprintf(bw, "%s %s on %s: the provider accepted it; check predicted it would be rejected.\n", p.yellow("⚠"), esc(res.ToolName), res.display)
		if len(res.Predicted.Codes) > 0 {
			fmt.Fprintf(bw, "  Rules involved: %s\n", strings.Join(res.Predicted.Codes, ", "))
		}
	}
	fmt.Fprintf(bw, "  Source: %s\n", esc(res.Source))
}

func writeResult(bw *bufio.Writer, p painter, res *Result, commandLine string) {
	model := ""
	if res.Model != "" {
		model = " (model: " + esc(res.Model)
		if res.API != "" {
			model += ", api: " + res.API
		}
		model += ")"
	}
	switch res.Status {
	case Accepted:
		bw.WriteString(p.green("✓") + " ACCEPTED" + model + "\n")
	case Rejected:
		bw.WriteString(p.red("✗") + " REJECTED" + model + "\n")
	case Skipped:
		bw.WriteString(p.dim("–") + " SKIPPED\n")
	default:
		fmt.Fprintf(bw, "%s ERROR%s — %s %s\n", p.yellow("⚠"), model, res.ErrorKind, p.dim("(not a schema rejection)"))
	}
	for _, n := range res.Notes {
		fmt.Fprintf(bw, "  %s\n", esc(n))
	}
	if res.ProviderError != nil {
		// Verbatim: a paraphrased provider error is worse than none.
		status := ""
		if res.ProviderError.Status != 0 {
			status = " (HTTP " + strconv.Itoa(res.ProviderError.Status) + ")"
		}
		fmt.Fprintf(bw, "  Provider error%s: %s\n", status, esc(res.ProviderError.Message))
	}
	for _, e := range res.ArgumentErrors {
		fmt.Fprintf(bw, "  Argument error: %s\n", esc(e))
	}
	if res.InputTokens != nil {
		fmt.Fprintf(bw, "  Input tokens (the provider's count): %d\n", *res.InputTokens)
	}
	if res.Predicted.Verdict != PredictNone {
		fmt.Fprintf(bw, "  Check predicted: %s\n", res.Predicted.Verdict)
	}
	if res.ErrorKind == KindMissingCredentials {
		fmt.Fprintf(bw, "  Set the API key:  export %s=<your key>\n", res.envVar)
		if commandLine != "" {
			fmt.Fprintf(bw, "  Then re-run:      %s\n", esc(commandLine))
		}
	}
}

// WriteDryRunText prints each request that would be sent: the target,
// tool, method and URL, then the body, indented.
func WriteDryRunText(w io.Writer, reqs []Request) error {
	bw := bufio.NewWriter(w)
	if len(reqs) == 0 {
		bw.WriteString("No tools found.\n")
		return bw.Flush()
	}
	sent := 0
	for i, q := range reqs {
		if i > 0 {
			bw.WriteString("\n")
		}
		what := ""
		if q.Purpose != "probe" {
			what = " (" + q.Purpose + ")"
		}
		fmt.Fprintf(bw, "Tool: %s · %s%s\n", esc(q.ToolName), displayName(q.Target), what)
		for _, n := range q.Notes {
			fmt.Fprintf(bw, "  %s\n", esc(n))
		}
		if q.Method == "" {
			continue
		}
		sent++
		fmt.Fprintf(bw, "%s %s\n", q.Method, esc(q.URL))
		// The body is JSON, so control characters in it are escaped already.
		body := q.Body
		if b, err := indentJSON(q.Body); err == nil {
			body = b
		}
		bw.Write(body)
		bw.WriteString("\n")
	}
	fmt.Fprintf(bw, "\nDry run: %s, none sent.\n", plural(sent, "request", "requests"))
	return bw.Flush()
}

func indentJSON(b []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// esc makes untrusted text (provider messages, tool names, arguments) safe
// on one terminal line: control characters, line and paragraph
// separators and bidirectional overrides are written as \uXXXX escapes;
// everything else is verbatim.
func esc(s string) string {
	if !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// unsafeRune is what every renderer escapes (textsafe), and a byte order
// mark, which a provider's message has no business holding.
func unsafeRune(r rune) bool { return textsafe.UnsafeRune(r) || r == 0xfeff }
