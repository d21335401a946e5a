package jsonvalue

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// referenceParse is the previous, jsontext-based refParser, kept as an oracle
// for the differential test. It decodes exactly one JSON value from data. A leading UTF-8 BOM is
// skipped (offsets still count it). The error, if any, is a *SyntaxError or a
// *DuplicateKeyError.
func referenceParse(data []byte) (*Value, error) {
	skip := BOMLength(data)
	p := refParser{
		dec:  jsontext.NewDecoder(bytes.NewReader(data[skip:]), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)),
		base: int64(skip),
		keys: make(map[string]string, 64),
	}
	v, err := p.value(0)
	if err != nil {
		return nil, friendly(data, p.wrap(err))
	}
	// Anything but whitespace after the value is an error.
	if _, err := p.dec.ReadToken(); err != io.EOF {
		if err == nil {
			return nil, &SyntaxError{Offset: p.offsetBeforeNext(data), Reason: "unexpected content after the top-level value"}
		}
		return nil, friendly(data, p.wrap(err))
	}
	return &v, nil
}

type refParser struct {
	dec  *jsontext.Decoder
	base int64
	keys map[string]string // interned object keys: schemas repeat a few dozen keywords
}

func (p *refParser) off() int64 { return p.dec.InputOffset() + p.base }

func (p *refParser) offsetBeforeNext(data []byte) int64 {
	o := p.off()
	for o < int64(len(data)) && (data[o] == ' ' || data[o] == '\t' || data[o] == '\n' || data[o] == '\r') {
		o++
	}
	return o
}

func (p *refParser) wrap(err error) error {
	var dup *DuplicateKeyError
	if errors.As(err, &dup) {
		return dup
	}
	var se *SyntaxError
	if errors.As(err, &se) {
		return se
	}
	var serr *jsontext.SyntacticError
	if errors.As(err, &serr) {
		reason := "malformed JSON"
		if serr.Err != nil {
			reason = serr.Err.Error()
		}
		return &SyntaxError{Offset: serr.ByteOffset + p.base, Reason: refCleanReason(reason)}
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return &SyntaxError{Offset: p.off(), Reason: "unexpected end of JSON input"}
	}
	return &SyntaxError{Offset: p.off(), Reason: refCleanReason(err.Error())}
}

func refCleanReason(s string) string {
	s = strings.TrimPrefix(s, "jsontext: ")
	if s == "unexpected EOF" {
		return "unexpected end of JSON input"
	}
	return s
}

func (p *refParser) value(depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, &SyntaxError{Offset: p.off(), Reason: fmt.Sprintf("nesting deeper than %d levels", maxDepth)}
	}
	switch p.dec.PeekKind() {
	case '{':
		if _, err := p.dec.ReadToken(); err != nil {
			return Value{}, err
		}
		v := Value{Kind: Object, Start: int32(p.off() - 1)}
		var seen map[string]int
		for p.dec.PeekKind() != '}' {
			raw, err := p.dec.ReadValue()
			if err != nil {
				return Value{}, err
			}
			kend := p.off()
			kstart := kend - int64(len(raw))
			key, err := p.str(raw, true)
			if err != nil {
				return Value{}, &SyntaxError{Offset: kstart, Reason: err.Error()}
			}
			// Duplicate detection: linear for small objects, a map beyond.
			if len(v.Members) < 16 {
				for i := range v.Members {
					if v.Members[i].Key == key {
						return Value{}, &DuplicateKeyError{Key: key, FirstStart: v.Members[i].KeyStart, SecondStart: int32(kstart)}
					}
				}
			} else {
				if seen == nil {
					seen = make(map[string]int, 32)
					for i := range v.Members {
						seen[v.Members[i].Key] = i
					}
				}
				if i, ok := seen[key]; ok {
					return Value{}, &DuplicateKeyError{Key: key, FirstStart: v.Members[i].KeyStart, SecondStart: int32(kstart)}
				}
				seen[key] = len(v.Members)
			}
			child, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			v.Members = append(v.Members, Member{Key: key, KeyStart: int32(kstart), KeyEnd: int32(kend), Value: child})
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return Value{}, err
		}
		v.End = int32(p.off())
		return v, nil
	case '[':
		if _, err := p.dec.ReadToken(); err != nil {
			return Value{}, err
		}
		v := Value{Kind: Array, Start: int32(p.off() - 1)}
		for p.dec.PeekKind() != ']' {
			child, err := p.value(depth + 1)
			if err != nil {
				return Value{}, err
			}
			v.Items = append(v.Items, child)
		}
		if _, err := p.dec.ReadToken(); err != nil {
			return Value{}, err
		}
		v.End = int32(p.off())
		return v, nil
	case 0:
		// PeekKind reports 0 on a syntax error or EOF; ReadToken surfaces it.
		_, err := p.dec.ReadToken()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return Value{}, err
	}
	raw, err := p.dec.ReadValue()
	if err != nil {
		return Value{}, err
	}
	end := p.off()
	v := Value{Start: int32(end - int64(len(raw))), End: int32(end)}
	switch raw.Kind() {
	case 'n':
		v.Kind = Null
	case 't':
		v.Kind, v.Text = Bool, "true"
	case 'f':
		v.Kind, v.Text = Bool, "false"
	case '0':
		v.Kind, v.Text = Number, string(raw)
	case '"':
		s, err := p.str(raw, false)
		if err != nil {
			return Value{}, &SyntaxError{Offset: int64(v.Start), Reason: err.Error()}
		}
		v.Kind, v.Text = String, s
	default:
		return Value{}, &SyntaxError{Offset: int64(v.Start), Reason: "unexpected token"}
	}
	return v, nil
}

// str decodes a raw JSON string literal. Keys are interned because a schema
// corpus repeats the same few dozen keywords millions of times.
func (p *refParser) str(raw []byte, intern bool) (string, error) {
	body := raw[1 : len(raw)-1]
	if bytes.IndexByte(body, '\\') < 0 && refValidUTF8(body) {
		if intern && len(body) <= 32 {
			if s, ok := p.keys[string(body)]; ok {
				return s, nil
			}
			s := string(body)
			p.keys[s] = s
			return s, nil
		}
		return string(body), nil
	}
	out, err := jsontext.AppendUnquote(nil, raw)
	if err != nil && !refIsInvalidUTF8(err) {
		return "", err
	}
	return string(out), nil
}

func refValidUTF8(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return utf8Valid(b)
		}
	}
	return true
}

func refIsInvalidUTF8(err error) bool {
	return err != nil && strings.Contains(err.Error(), "invalid UTF-8")
}

// friendly rewrites the decoder's reason for the mistakes people actually
// make in hand-edited JSON, so the message says what to change.
func friendly(data []byte, err error) error {
	se, ok := err.(*SyntaxError)
	if !ok || se.Offset < 0 || se.Offset >= int64(len(data)) {
		return err
	}
	switch data[se.Offset] {
	case ',':
		rest := bytes.TrimLeft(data[se.Offset+1:], " \t\r\n")
		if len(rest) > 0 && (rest[0] == '}' || rest[0] == ']') {
			se.Reason = "trailing comma before '" + string(rest[0]) + "' (remove the comma)"
		}
	case '/':
		se.Reason = "comments are not allowed in JSON"
	case '\'':
		se.Reason = "strings and keys must use double quotes"
	}
	return se
}
