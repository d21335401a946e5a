package probe

import (
	"slices"

	"github.com/schemaport/schemaport-action/internal/check"
	"github.com/schemaport/schemaport-action/internal/compile"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Prediction verdicts.
const (
	PredictAccepted = "accepted"
	PredictRejected = "rejected"
	PredictNone     = "none"
)

// checkCodes runs check over the tools for the targets (core included, as
// check does) and returns, per tool and target, the codes it reported:
// the rules involved in whatever the provider says.
func checkCodes(tools []*tool.Tool, targets []string) []map[string][]string {
	var ids []string
	for _, t := range targets {
		if _, ok := check.Lookup(t); ok {
			ids = append(ids, t)
		}
	}
	out := make([]map[string][]string, len(tools))
	res := check.Run(tools, ids)
	for i, tr := range res.Tools {
		m := map[string][]string{}
		var core []string
		for _, target := range tr.Targets {
			for _, d := range target.Diagnostics {
				if target.ID == check.Core().ID {
					core = append(core, d.Code)
				} else {
					m[target.ID] = append(m[target.ID], d.Code)
				}
			}
		}
		for _, id := range ids {
			codes := append(slices.Clone(m[id]), core...)
			slices.Sort(codes)
			m[id] = slices.Compact(codes)
		}
		out[i] = m
	}
	return out
}

// predictSent is check's verdict on the body that is sent: the compiled
// tool read back and checked by the same target's rules. A check error on
// the source that compile repairs (an optional property made nullable and
// required, a keyword dropped) is not a prediction about the repaired
// body, so it is not counted against it; compile refuses whatever it
// cannot repair, and then nothing is sent and nothing is predicted.
func predictSent(target string, r *compile.Result) string {
	if !r.OK || r.Output == nil {
		return PredictNone
	}
	t, ok := compile.Lookup(target)
	if !ok {
		return PredictNone
	}
	for _, d := range t.Check(compile.ReadBack(target, r.Output)) {
		if d.Severity == provider.SeverityError {
			return PredictRejected
		}
	}
	return PredictAccepted
}

// disagreement compares the provider's verdict with the prediction. Only
// verdicts count: an environment error or a skip disagrees with nothing.
func disagreement(predicted, status string) string {
	switch {
	case predicted == PredictRejected && status == Accepted:
		return AcceptedDespiteError
	case predicted == PredictAccepted && status == Rejected:
		return RejectedDespiteClean
	}
	return ""
}
