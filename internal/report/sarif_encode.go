package report

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// appendSARIFResult appends r as encoding/json indents it (SetIndent(p,
// "  "), HTML not escaped, no trailing newline): the log's results are
// most of its bytes, and reflection, a scratch document and json.Indent's
// second pass over it cost several times the appends. Field order,
// omitempty and the escaping are encoding/json's (a test holds the two
// byte for byte).
func appendSARIFResult(buf []byte, r *sarifResult, p string) []byte {
	buf = append(buf, "{\n"...)
	buf = appendIndentedKey(buf, p+"  ", "ruleId")
	buf = appendGoString(buf, r.RuleID)
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, p+"  ", "ruleIndex")
	buf = strconv.AppendInt(buf, int64(r.RuleIndex), 10)
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, p+"  ", "level")
	buf = appendGoString(buf, r.Level)
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, p+"  ", "message")
	buf = append(buf, "{\n"...)
	buf = appendIndentedKey(buf, p+"    ", "text")
	buf = appendGoString(buf, r.Message.Text)
	buf = append(buf, '\n')
	buf = append(buf, p+"  }"...)
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, p+"  ", "locations")
	if r.Locations == nil {
		buf = append(buf, "null"...)
	} else if len(r.Locations) == 0 {
		buf = append(buf, "[]"...)
	} else {
		buf = append(buf, '[')
		for i := range r.Locations {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '\n')
			buf = append(buf, p+"    "...)
			buf = appendSARIFLocation(buf, &r.Locations[i], p+"    ")
		}
		buf = append(buf, '\n')
		buf = append(buf, p+"  ]"...)
	}
	buf = append(buf, ",\n"...)
	buf = appendIndentedKey(buf, p+"  ", "partialFingerprints")
	buf = appendSARIFStringMap(buf, r.PartialFingerprints, p+"  ")
	if r.BaselineState != "" {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, p+"  ", "baselineState")
		buf = appendGoString(buf, r.BaselineState)
	}
	if len(r.Suppressions) > 0 {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, p+"  ", "suppressions")
		buf = append(buf, '[')
		for i, s := range r.Suppressions {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '\n')
			buf = append(buf, p+"    "...)
			buf = appendSARIFFields(buf, p+"    ", []sarifField{{"kind", s.Kind, false}, {"justification", s.Justification, true}})
		}
		buf = append(buf, '\n')
		buf = append(buf, p+"  ]"...)
	}
	if pr := r.Properties; pr != nil {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, p+"  ", "properties")
		buf = appendSARIFFields(buf, p+"  ", []sarifField{
			{"toolName", pr.ToolName, true}, {"target", pr.Target, true}, {"schemaPath", pr.SchemaPath, true},
			{"classification", pr.Classification, true}, {"state", pr.State, true}})
	}
	buf = append(buf, '\n')
	buf = append(buf, p...)
	return append(buf, '}')
}

// appendIndentedKey appends a member's indentation and key up to its value.
func appendIndentedKey(buf []byte, in, key string) []byte {
	buf = append(buf, in...)
	buf = append(buf, '"')
	buf = append(buf, key...) // our keys need no escaping
	return append(buf, "\": "...)
}

// sarifField is a string member of a small object.
type sarifField struct {
	key, value string
	omitEmpty  bool
}

// appendSARIFFields appends an object of string members at indentation
// in ("{}" when every member is left out, as encoding/json writes it).
func appendSARIFFields(buf []byte, in string, fs []sarifField) []byte {
	n := 0
	for _, f := range fs {
		if f.omitEmpty && f.value == "" {
			continue
		}
		if n == 0 {
			buf = append(buf, "{\n"...)
		} else {
			buf = append(buf, ",\n"...)
		}
		n++
		buf = appendIndentedKey(buf, in+"  ", f.key)
		buf = appendGoString(buf, f.value)
	}
	if n == 0 {
		return append(buf, "{}"...)
	}
	buf = append(buf, '\n')
	buf = append(buf, in...)
	return append(buf, '}')
}

func appendSARIFLocation(buf []byte, l *sarifLocation, in string) []byte {
	buf = append(buf, "{\n"...)
	buf = appendIndentedKey(buf, in+"  ", "physicalLocation")
	buf = append(buf, "{\n"...)
	buf = appendIndentedKey(buf, in+"    ", "artifactLocation")
	a := &l.PhysicalLocation.ArtifactLocation
	buf = appendSARIFFields(buf, in+"    ", []sarifField{{"uri", a.URI, false}, {"uriBaseId", a.URIBaseID, true}})
	if rg := l.PhysicalLocation.Region; rg != nil {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, in+"    ", "region")
		buf = append(buf, "{\n"...)
		buf = appendIndentedKey(buf, in+"      ", "startLine")
		buf = strconv.AppendInt(buf, int64(rg.StartLine), 10)
		for _, f := range []struct {
			key string
			v   int
		}{{"startColumn", rg.StartColumn}, {"endLine", rg.EndLine}, {"endColumn", rg.EndColumn}} {
			if f.v != 0 {
				buf = append(buf, ",\n"...)
				buf = appendIndentedKey(buf, in+"      ", f.key)
				buf = strconv.AppendInt(buf, int64(f.v), 10)
			}
		}
		buf = append(buf, '\n')
		buf = append(buf, in+"    }"...)
	}
	buf = append(buf, '\n')
	buf = append(buf, in+"  }"...)
	if len(l.LogicalLocations) > 0 {
		buf = append(buf, ",\n"...)
		buf = appendIndentedKey(buf, in+"  ", "logicalLocations")
		buf = append(buf, '[')
		for i := range l.LogicalLocations {
			ll := &l.LogicalLocations[i]
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '\n')
			buf = append(buf, in+"    "...)
			buf = appendSARIFFields(buf, in+"    ", []sarifField{
				{"name", ll.Name, true}, {"fullyQualifiedName", ll.FullyQualifiedName, true}, {"kind", ll.Kind, true}})
		}
		buf = append(buf, '\n')
		buf = append(buf, in+"  ]"...)
	}
	buf = append(buf, '\n')
	buf = append(buf, in...)
	return append(buf, '}')
}

// appendSARIFStringMap appends m with its keys sorted, as encoding/json
// does (nil is null).
func appendSARIFStringMap(buf []byte, m map[string]string, in string) []byte {
	if m == nil {
		return append(buf, "null"...)
	}
	if len(m) == 0 {
		return append(buf, "{}"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	if len(keys) > 1 {
		slices.Sort(keys)
	}
	buf = append(buf, "{\n"...)
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ",\n"...)
		}
		buf = append(buf, in+"  "...)
		buf = appendGoString(buf, k)
		buf = append(buf, ": "...)
		buf = appendGoString(buf, m[k])
	}
	buf = append(buf, '\n')
	buf = append(buf, in...)
	return append(buf, '}')
}

// appendGoString quotes s as encoding/json does with HTML escaping off:
// jsonvalue.AppendQuote's escaping (JSON.stringify's), except that
// encoding/json also escapes U+2028 and U+2029. Those are rare: a string
// holding one is quoted by encoding/json itself.
func appendGoString(buf []byte, s string) []byte {
	if strings.IndexByte(s, 0xe2) < 0 || !strings.Contains(s, "\u2028") && !strings.Contains(s, "\u2029") {
		return jsonvalue.AppendQuote(buf, s)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return append(buf, bytes.TrimSuffix(b.Bytes(), []byte("\n"))...)
}
