package report

import (
	"bufio"
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/schemaport/schemaport-action/internal/diff"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// Annotation levels (workflow command names).
const (
	LevelError   = "error"
	LevelWarning = "warning"
	LevelNotice  = "notice"
)

// Priorities: which annotations win the few places GitHub shows (10 per
// level), lower first; ties go by file, line and column, so the order is
// the same on every run. Within the error level, a breaking change or an
// input error comes first: it fails the run whatever the targets. Then the
// check errors that compiling cannot fix (the provider refuses the fix, or
// it drops a constraint), because no build step will make them go away;
// the ones compiling fixes come last. Among warnings,
// anthropic/schema-not-enforced comes last: it is said once for every tool,
// so it would otherwise fill every place with the same remark.
const (
	PriorityBreaking        = iota // breaking changes and input errors
	PriorityError                  // check errors compiling cannot fix without loss
	PriorityCompilableError        // check errors compiling fixes
	PriorityWarning
	PriorityRepeatedWarning // warnings said once per tool (noiseCodes)
	PriorityNotice
	PriorityMinor // informational changes
)

// noiseCodes are warnings a target emits for every tool, whatever its
// schema; they rank behind every other warning.
var noiseCodes = map[string]bool{
	"anthropic/schema-not-enforced": true,
}

// MaxAnnotationsPerLevel is how many annotations of each level GitHub turns
// into annotations per step (runner ExecutionContext._maxCountPerIssueType).
const MaxAnnotationsPerLevel = 10

// maxAnnotationMessage keeps messages under the runner's 4096-character cut
// so the end of a message is ours, not the runner's.
const maxAnnotationMessage = 4000

// LoadRuleID is the code of an input error in annotations and SARIF.
const LoadRuleID = "load/input-error"

// Annotation is one workflow command. File is relative to the repository
// root with '/' separators. Columns are written only for a single-line
// annotation (the runner drops them otherwise); EndColumn is the last column
// of the range, inclusive.
type Annotation struct {
	Level     string
	File      string
	Line      int
	Col       int
	EndLine   int
	EndColumn int
	Title     string
	Message   string
	Priority  int
	// Breaking marks a breaking change, counted apart when it does not
	// fit (the overflow notice says how many breaking changes it hides).
	Breaking bool
}

// Annotations writes items as workflow commands, the most important first,
// at most limitPerLevel of each level (<= 0: no limit). When some do not
// fit, the last command is one notice saying how many more there are and
// where to find them; a notice place is kept free for it.
//
// Every value is escaped as the runner unescapes it (message: %, CR, LF;
// properties also ':' and ','), so untrusted text can neither end the
// command line nor start a second command.
func Annotations(w io.Writer, items []Annotation, limitPerLevel int) error {
	return AnnotationsSeeAlso(w, items, limitPerLevel, "")
}

// AnnotationsSeeAlso is Annotations whose overflow notice names seeAlso
// as the place the rest can be read ("" means the job summary and the
// SARIF report).
func AnnotationsSeeAlso(w io.Writer, items []Annotation, limitPerLevel int, seeAlso string) error {
	if seeAlso == "" {
		seeAlso = "the job summary and the SARIF report"
	}
	sorted := slices.Clone(items)
	for i := range sorted {
		sorted[i].Level = normalizeLevel(sorted[i].Level)
	}
	slices.SortStableFunc(sorted, compareAnnotations)
	return writeAnnotations(w, sorted, 0, 0, limitPerLevel, seeAlso)
}

// writeAnnotations writes the commands for sorted (in the order shown)
// and the overflow notice; dropped annotations (dropBreaking of them
// breaking) were left out of sorted already and count as hidden.
func writeAnnotations(w io.Writer, sorted []Annotation, dropped, dropBreaking, limitPerLevel int, seeAlso string) error {
	shown, hidden, hiddenBreaking := selectAnnotations(sorted, limitPerLevel, limitPerLevel)
	if hidden+dropped > 0 && limitPerLevel > 0 {
		shown, hidden, hiddenBreaking = selectAnnotations(sorted, limitPerLevel, limitPerLevel-1)
	}
	hidden, hiddenBreaking = hidden+dropped, hiddenBreaking+dropBreaking
	bw := bufio.NewWriter(w)
	for _, a := range shown {
		bw.WriteString(annotationCommand(a) + "\n")
	}
	if hidden > 0 {
		noun := "more findings are"
		if hidden == 1 {
			noun = "more finding is"
		}
		msg := strconv.Itoa(hidden) + " " + noun + " in " + seeAlso + " (GitHub shows " + strconv.Itoa(limitPerLevel) + " annotations of each kind per step)."
		switch hiddenBreaking {
		case 0:
		case 1:
			msg += " 1 of them is a breaking change."
		default:
			msg += " " + strconv.Itoa(hiddenBreaking) + " of them are breaking changes."
		}
		bw.WriteString(annotationCommand(Annotation{
			Level:   LevelNotice,
			Title:   "More findings",
			Message: msg,
		}) + "\n")
	}
	return bw.Flush()
}

func normalizeLevel(l string) string {
	switch l {
	case LevelError, LevelWarning:
		return l
	}
	return LevelNotice
}

func compareAnnotations(a, b Annotation) int {
	return cmp.Or(
		cmp.Compare(a.Priority, b.Priority),
		strings.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		strings.Compare(a.Title, b.Title),
		strings.Compare(a.Message, b.Message),
	)
}

func selectAnnotations(sorted []Annotation, limit, noticeLimit int) (shown []Annotation, hidden, hiddenBreaking int) {
	counts := map[string]int{}
	for _, a := range sorted {
		l := limit
		if a.Level == LevelNotice {
			l = noticeLimit
		}
		if limit > 0 && counts[a.Level] >= l {
			hidden++
			if a.Breaking {
				hiddenBreaking++
			}
			continue
		}
		counts[a.Level]++
		shown = append(shown, a)
	}
	return shown, hidden, hiddenBreaking
}

// annotationCommand formats one command. Escaping is go-githubactions'
// (tested against injection in this package); properties are written in
// sorted order, so the line is deterministic.
func annotationCommand(a Annotation) string {
	props := githubactions.CommandProperties{}
	if f := mapPath(nil, a.File); f != "" {
		props["file"] = cleanLog(f)
	}
	if a.Title != "" {
		props["title"] = cleanLog(truncateRunes(a.Title, 200))
	}
	if a.Line > 0 {
		endLine := a.EndLine
		if endLine < a.Line {
			endLine = a.Line
		}
		props["line"] = strconv.Itoa(a.Line)
		props["endLine"] = strconv.Itoa(endLine)
		if endLine == a.Line && a.Col > 0 {
			props["col"] = strconv.Itoa(a.Col)
			if a.EndColumn >= a.Col {
				props["endColumn"] = strconv.Itoa(a.EndColumn)
			}
		}
	}
	cmd := githubactions.Command{
		Name:       normalizeLevel(a.Level),
		Message:    cleanLog(truncateRunes(a.Message, maxAnnotationMessage)),
		Properties: props,
	}
	return cmd.String()
}

// MapFiles rewrites every annotation's file with m (display path to
// repository-relative path).
func MapFiles(items []Annotation, m PathMapper) {
	for i := range items {
		items[i].File = mapPath(m, items[i].File)
	}
}

// changeMessage is the text of a change outside the terminal: the tool, what
// changed, the path, and the values before and after on one line each
// (when they say more than the message: see showsValues).
func changeMessage(c *diff.Change, approved bool) string {
	var b strings.Builder
	switch c.Classification {
	case diff.Breaking:
		if approved {
			b.WriteString("Approved breaking change")
		} else {
			b.WriteString("Breaking change")
		}
	case diff.NonBreaking:
		b.WriteString("Non-breaking change")
	default:
		b.WriteString("Informational change")
	}
	b.WriteString(" in tool " + c.ToolName + ": " + c.Message + "\nPath: " + c.Path)
	if showsValues(c) {
		b.WriteString("\nBefore: " + compactValue(c.Before, 300))
		b.WriteString("\nAfter: " + compactValue(c.After, 300))
	}
	if _, was := changeLocations(c); was.File != "" {
		b.WriteString("\nWas at: " + position(was.File, was.Line, was.Column) + " in the base version")
	}
	return b.String()
}

// setSpan copies a span (exclusive end column) into an annotation
// (inclusive end column).
func setSpan(a *Annotation, s tool.Span) {
	if s.Line < 1 {
		return
	}
	a.Line, a.Col, a.EndLine = s.Line, s.Column, s.EndLine
	if s.EndColumn > s.Column {
		a.EndColumn = s.EndColumn - 1
	}
}
