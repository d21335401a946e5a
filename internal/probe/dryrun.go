package probe

import (
	"context"
	"encoding/json"

	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Request is one request --dry-run would send: the method, the URL and
// the body exactly as the SDK wrote them. Headers (where the keys go) are
// never recorded.
type Request struct {
	Source   string          `json:"source"`
	ToolName string          `json:"toolName"`
	Target   string          `json:"target"`
	Purpose  string          `json:"purpose"` // "probe" or "count-tokens"
	Method   string          `json:"method,omitempty"`
	URL      string          `json:"url,omitempty"`
	Body     json.RawMessage `json:"body,omitempty"`
	// Notes say why nothing would be sent (compile refused, no hosted API).
	Notes []string `json:"notes,omitempty"`
}

// dryRunKey stands in for a missing key so the SDKs build the request;
// the transport stops it before anything leaves the process.
const dryRunKey = "dry-run-no-key"

// DryRun builds every request Run would send and stops each at the
// transport: nothing reaches the network, and no key is needed.
func DryRun(ctx context.Context, tools []*tool.Tool, o Options) []Request {
	o.defaults()
	var out []Request
	for _, t := range tools {
		for _, target := range o.Targets {
			base := Request{Source: t.File(), ToolName: t.Name, Target: target, Purpose: "probe"}
			send, ok := senders[family(target)]
			if !ok {
				base.Notes = []string{displayName(target) + " has no hosted API to probe."}
				out = append(out, base)
				continue
			}
			cr := compile.Compile(t, target, o.AllowLossy)
			if !cr.OK {
				base.Notes = []string{"Compilation was refused, so no request would be sent."}
				for _, d := range cr.Blocking() {
					base.Notes = append(base.Notes, d.Message)
				}
				out = append(out, base)
				continue
			}
			env := resolve(target, &o)
			c := &call{
				target: target, toolName: t.Name, compiled: compile.Encode(cr.Output),
				model: env.model, key: dryRunKey, baseURL: env.baseURL, api: o.OpenAIAPI,
			}
			rec := &recorder{dryRun: true}
			send(ctx, c, rec)
			out = append(out, requestOf(base, rec))
			if count, ok := counters[family(target)]; ok && o.CountTokens {
				rec := &recorder{dryRun: true}
				count(ctx, c, rec)
				base.Purpose = "count-tokens"
				out = append(out, requestOf(base, rec))
			}
		}
	}
	return out
}

func requestOf(base Request, rec *recorder) Request {
	base.Method, base.URL = rec.method, rec.url
	if json.Valid(rec.reqBody) {
		base.Body = rec.reqBody
	}
	return base
}
