// Package cliargs parses subcommand arguments the way SchemaPort's CLI does:
// options may come before or after paths, `--x=v` and `--x v` both work, a
// repeated option keeps its last value (unless it is declared repeatable),
// `--` ends options, and `-h` is the only short option.
package cliargs

import (
	"fmt"
	"strings"
)

// Kind of an option.
type Kind int

// Option kinds.
const (
	String     Kind = iota // takes a value; the last one wins
	Repeatable             // takes a value; every one is kept in order
	Flag                   // takes no value (an explicit =true/=false is accepted)
)

// Spec declares one long option (without the leading dashes).
type Spec struct {
	Name string
	Kind Kind
}

// Parsed is the outcome of Parse.
type Parsed struct {
	Positionals []string
	Values      map[string][]string // every value given, in order
	Flags       map[string]bool
	Help        bool
}

// Last returns the last value given for name, and whether it was given.
func (p *Parsed) Last(name string) (string, bool) {
	v := p.Values[name]
	if len(v) == 0 {
		return "", false
	}
	return v[len(v)-1], true
}

// Parse reads args against specs. The error message is meant for users.
func Parse(args []string, specs []Spec) (*Parsed, error) {
	byName := make(map[string]Spec, len(specs))
	for _, s := range specs {
		byName[s.Name] = s
	}
	p := &Parsed{Values: map[string][]string{}, Flags: map[string]bool{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			p.Positionals = append(p.Positionals, args[i+1:]...)
			return p, nil
		case a == "-h" || a == "--help":
			p.Help = true
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			spec, ok := byName[name]
			if !ok {
				return nil, fmt.Errorf("Unknown option `--%s`.", name)
			}
			if spec.Kind == Flag {
				if hasValue {
					switch value {
					case "true":
						p.Flags[name] = true
					case "false":
						p.Flags[name] = false
					default:
						return nil, fmt.Errorf("Option `--%s` takes no value (got `%s`).", name, value)
					}
				} else {
					p.Flags[name] = true
				}
				continue
			}
			if !hasValue {
				if i+1 >= len(args) {
					return nil, fmt.Errorf("Option `--%s` needs a value.", name)
				}
				next := args[i+1]
				if strings.HasPrefix(next, "-") && next != "-" {
					return nil, fmt.Errorf("Option `--%s` needs a value; to pass one starting with a dash, write `--%s=%s`.", name, name, next)
				}
				value = next
				i++
			}
			p.Values[name] = append(p.Values[name], value)
		case strings.HasPrefix(a, "-") && a != "-":
			return nil, fmt.Errorf("Unknown option `%s`.", a)
		default:
			p.Positionals = append(p.Positionals, a)
		}
	}
	return p, nil
}

// WantsJSON reports whether --format json appears anywhere in args, so that
// even a parse failure can be reported in the format the caller asked for.
func WantsJSON(args []string) bool { return FormatIn(args) == "json" }

// FormatIn finds the value of the last --format in args, parsed or not.
func FormatIn(args []string) string {
	f, _ := ValueIn(args, "format")
	return f
}

// ValueIn finds the value of the last --name in args, parsed or not, and
// whether there is one.
func ValueIn(args []string, name string) (string, bool) {
	f, found := "", false
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == "--"+name && i+1 < len(args) {
			f, found = args[i+1], true
		} else if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			f, found = v, true
		}
	}
	return f, found
}
