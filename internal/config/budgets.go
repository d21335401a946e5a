package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// Budgets are the `budgets` settings: how many tokens a tool's definition,
// a whole set, and a pull request's growth may cost, per target:
//
//	"budgets": {
//	  "tool":   {"openai": 1500, "*": 2000},
//	  "set":    {"*": 20000, "gemini": "10%"},
//	  "growth": {"*": "5%", "openai": 1000},
//	  "contextWindow": {"*": 200000}
//	}
//
// A limit is a whole number of tokens or a percent ("5%", "2.5%"): of
// the base set's total for growth, of the target's contextWindow for tool
// and set (which then need one). "*" is every target without its own
// entry. Target ids are checked by the caller (ValidateTargets), which
// knows them.
type Budgets struct {
	Tool, Set, Growth []Budget
	// ContextWindow is the context size per target, in tokens (Percent
	// unused).
	ContextWindow []Budget
}

// Budget is one limit.
type Budget struct {
	Kind   string // "tool", "set", "growth" or "contextWindow"
	Target string // a target id, or "*"
	// Tokens > 0 is a limit in tokens; otherwise Percent > 0 is one.
	Tokens  int
	Percent float64
	// Where the entry is: "schemaport.config.json:12:5".
	Where string
}

// budgetKinds are the members `budgets` may have.
var budgetKinds = []string{"tool", "set", "growth", "contextWindow"}

// maxBudgetTokens bounds a limit: far beyond any context window.
const maxBudgetTokens = 1 << 30

// For returns the limit of kind for target: its own entry, else "*"'s.
func (b *Budgets) For(kind, target string) (Budget, bool) {
	if b == nil {
		return Budget{}, false
	}
	var list []Budget
	switch kind {
	case "tool":
		list = b.Tool
	case "set":
		list = b.Set
	case "growth":
		list = b.Growth
	case "contextWindow":
		list = b.ContextWindow
	}
	var wild *Budget
	for i := range list {
		if list[i].Target == target {
			return list[i], true
		}
		if list[i].Target == "*" {
			wild = &list[i]
		}
	}
	if wild != nil {
		return *wild, true
	}
	return Budget{}, false
}

// Limit is the limit in tokens for a total of base tokens (growth: the
// base set's total; tool and set: the context window); ok is false when
// a percent has nothing to be a percent of.
func (b Budget) Limit(base int) (tokens int, ok bool) {
	if b.Tokens > 0 {
		return b.Tokens, true
	}
	if base <= 0 {
		return 0, false
	}
	return int(float64(base) * b.Percent / 100), true
}

// String renders the limit as written ("1,500 tokens", "5%").
func (b Budget) String() string {
	if b.Tokens > 0 {
		return strconv.Itoa(b.Tokens) + " tokens"
	}
	return strconv.FormatFloat(b.Percent, 'f', -1, 64) + "%"
}

// ValidateTargets checks the target ids of every entry against ids (the
// selectable targets): an unknown one is an error naming where it is and
// the valid ids.
func (b *Budgets) ValidateTargets(ids []string) error {
	if b == nil {
		return nil
	}
	for _, list := range [][]Budget{b.Tool, b.Set, b.Growth, b.ContextWindow} {
		for _, e := range list {
			if e.Target == "*" || contains(ids, e.Target) {
				continue
			}
			return fmt.Errorf("%s: unknown target %s in `budgets.%s`. Valid targets are: %s, or * for every target.", e.Where, codeSpan(e.Target), e.Kind, strings.Join(ids, ", "))
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// parseBudgets reads `budgets`.
func (c *Config) parseBudgets(v *jsonvalue.Value, data []byte) error {
	at := func(off int32) string {
		line, col := position(data, int64(off))
		return c.File + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
	}
	if v.Kind != jsonvalue.Object {
		return fmt.Errorf("%s: `budgets` must be an object with tool, set, growth and contextWindow members, each an object from a target id (or *) to a limit.", at(v.Start))
	}
	b := &Budgets{}
	for _, m := range v.Members {
		var list *[]Budget
		switch m.Key {
		case "tool":
			list = &b.Tool
		case "set":
			list = &b.Set
		case "growth":
			list = &b.Growth
		case "contextWindow":
			list = &b.ContextWindow
		default:
			return fmt.Errorf("%s: unknown key %s in `budgets`. Valid keys are: %s.", at(m.KeyStart), codeSpan(m.Key), strings.Join(budgetKinds, ", "))
		}
		if m.Value.Kind != jsonvalue.Object {
			return fmt.Errorf("%s: `budgets.%s` must be an object from a target id (or *) to a limit: {\"openai\": 1500, \"*\": \"5%%\"}.", at(m.Value.Start), m.Key)
		}
		for _, e := range m.Value.Members {
			where := at(e.Value.Start)
			if e.Key == "" {
				return fmt.Errorf("%s: an empty target id in `budgets.%s`; use a target id or *.", at(e.KeyStart), m.Key)
			}
			bd := Budget{Kind: m.Key, Target: e.Key, Where: where}
			name := "`budgets." + m.Key + "` for " + codeSpan(e.Key)
			switch e.Value.Kind {
			case jsonvalue.Number:
				n, err := strconv.Atoi(e.Value.Text)
				if err != nil || n < 1 || n > maxBudgetTokens {
					return fmt.Errorf("%s: %s is %s; write a whole number of tokens from 1 to %d, or a percent such as \"5%%\".", where, name, e.Value.Text, maxBudgetTokens)
				}
				bd.Tokens = n
			case jsonvalue.String:
				if m.Key == "contextWindow" {
					return fmt.Errorf("%s: %s must be a whole number of tokens (a context window is not a percent).", where, name)
				}
				num, ok := strings.CutSuffix(strings.TrimSpace(e.Value.Text), "%")
				p, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
				if !ok || err != nil || p <= 0 || p > 1000 || p != p {
					return fmt.Errorf("%s: %s is %s; write a percent such as \"5%%\" (more than 0, at most 1000), or a whole number of tokens.", where, name, codeSpan(e.Value.Text))
				}
				bd.Percent = p
			default:
				return fmt.Errorf("%s: %s must be a whole number of tokens or a percent such as \"5%%\".", where, name)
			}
			*list = append(*list, bd)
		}
	}
	// A percent of the context window needs the window.
	for _, list := range [][]Budget{b.Tool, b.Set} {
		for _, e := range list {
			if e.Percent > 0 {
				if _, ok := b.For("contextWindow", e.Target); !ok {
					return fmt.Errorf("%s: `budgets.%s` for %s is a percent of the context window, and `budgets.contextWindow` gives none for that target; add one ({\"*\": 200000}) or write the limit in tokens.", e.Where, e.Kind, codeSpan(e.Target))
				}
			}
		}
	}
	c.Budgets = b
	return nil
}
