package cost

import (
	"github.com/schemaport/schemaport-action/internal/config"
)

// Budget finding codes: each is its own rule (levels, accept entries and
// only-new apply as to any finding).
const (
	CodeToolOverBudget   = "cost/tool-over-budget"
	CodeSetOverBudget    = "cost/set-over-budget"
	CodeGrowthOverBudget = "cost/growth-over-budget"
)

// Codes lists the budget codes.
var Codes = []string{CodeToolOverBudget, CodeSetOverBudget, CodeGrowthOverBudget}

// Violation is one budget a set exceeds.
type Violation struct {
	Code   string
	Target string
	// Tool is the tool the finding is about: the tool over its budget, or
	// for a set or growth budget the tool that costs (or grew) most, where
	// the finding is annotated; "" when the set has no tool.
	Tool string
	// Tokens is what was measured (the tool's or set's tokens, the
	// growth); Limit the budget in tokens; Budget the entry.
	Tokens, Limit int
	Budget        config.Budget
	Exact         bool
	// Parts breaks the measured figure down (the tool's or the set's;
	// for growth, the change of each part).
	Parts Parts
}

// CheckBudgets returns the budgets head exceeds, per target in head's
// order: tools over the tool budget (in head's tool order), then the set,
// then growth over base (nil base: no growth budget applies, as outside
// a pull request). A percent of a missing context window or of an empty
// base applies no limit.
func CheckBudgets(b *config.Budgets, head, base *Set) []Violation {
	if b == nil || head == nil {
		return nil
	}
	var out []Violation
	for j, target := range head.Targets {
		window := 0
		if w, ok := b.For("contextWindow", target); ok {
			window = w.Tokens
		}
		exact := ExactFor(target)
		if bd, ok := b.For("tool", target); ok {
			if limit, ok := bd.Limit(window); ok {
				for _, row := range head.Tools {
					if f := row[j]; f.Tokens > limit {
						out = append(out, Violation{Code: CodeToolOverBudget, Target: target, Tool: f.Tool, Tokens: f.Tokens, Limit: limit, Budget: bd, Exact: exact, Parts: f.Parts})
					}
				}
			}
		}
		total, _ := head.Total(target)
		if bd, ok := b.For("set", target); ok {
			if limit, ok := bd.Limit(window); ok && total.Tokens > limit {
				out = append(out, Violation{Code: CodeSetOverBudget, Target: target, Tool: costliest(head, j), Tokens: total.Tokens, Limit: limit, Budget: bd, Exact: exact, Parts: total.Parts})
			}
		}
		if bd, ok := b.For("growth", target); ok && base != nil {
			// Every tool's change, to name the one that grew most (the
			// largest change may be a tool that shrank).
			d := Compare(base, &Set{Targets: []string{target}, Tools: column(head, j), Totals: []Total{total}}, len(head.Tools)+len(base.Tools))[0]
			if limit, ok := bd.Limit(d.Before); ok && d.Delta > limit {
				v := Violation{Code: CodeGrowthOverBudget, Target: target, Tokens: d.Delta, Limit: limit, Budget: bd, Exact: exact}
				if bt, ok := base.Total(target); ok {
					v.Parts = Parts{
						NameDescription: total.Parts.NameDescription - bt.Parts.NameDescription,
						Parameters:      total.Parts.Parameters - bt.Parts.Parameters,
						Structure:       total.Parts.Structure - bt.Parts.Structure,
					}
				} else {
					v.Parts = total.Parts
				}
				v.Tool = costliest(head, j)
				for _, l := range d.Largest {
					if l.Delta > 0 && !l.Removed {
						v.Tool = l.Tool // sorted by size of change: the first that grew
						break
					}
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// costliest is the name of the tool that costs most for target column j
// (the first of equals), or "".
func costliest(s *Set, j int) string {
	name, best := "", -1
	for _, row := range s.Tools {
		if row[j].Tokens > best {
			name, best = row[j].Tool, row[j].Tokens
		}
	}
	return name
}

// column is target column j of s's rows, as one-target rows.
func column(s *Set, j int) [][]Figure {
	out := make([][]Figure, len(s.Tools))
	for i, row := range s.Tools {
		out[i] = []Figure{row[j]}
	}
	return out
}

// Message says what a violation means; targetName is the target's name
// for people.
func (v Violation) Message(targetName string) string {
	how := "an o200k_base estimate"
	if v.Exact {
		how = "exact o200k_base count"
	}
	over := " (over by " + Thousands(v.Tokens-v.Limit) + ")"
	budget := Thousands(v.Limit) + " tokens"
	if v.Budget.Percent > 0 {
		budget += " (" + v.Budget.String() + ")"
	}
	parts := "name and description " + Thousands(v.Parts.NameDescription) + ", parameter descriptions " + Thousands(v.Parts.Parameters) + ", schema structure " + Thousands(v.Parts.Structure)
	switch v.Code {
	case CodeToolOverBudget:
		return "This tool's definition costs " + Thousands(v.Tokens) + " tokens for " + targetName + " (" + how + "), over its budget of " + budget + over + ": " + parts + ". Shorten its descriptions or schema, or raise `budgets.tool` (" + v.Budget.Where + ")."
	case CodeSetOverBudget:
		return "The tool set costs " + Thousands(v.Tokens) + " tokens per request for " + targetName + " (" + how + "), over its budget of " + budget + over + ": " + parts + "; this tool costs most. Trim the set, or raise `budgets.set` (" + v.Budget.Where + ")."
	}
	return "This change adds " + Signed(v.Tokens) + " tokens per request for " + targetName + " (" + how + "), over the growth budget of " + budget + over + ": " + signedParts(v.Parts) + "; this tool grew most. Trim the additions, or raise `budgets.growth` (" + v.Budget.Where + ")."
}

func signedParts(p Parts) string {
	return "name and description " + Signed(p.NameDescription) + ", parameter descriptions " + Signed(p.Parameters) + ", schema structure " + Signed(p.Structure)
}
