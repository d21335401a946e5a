package tool

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

// RefProblem says why a $ref could not be followed.
type RefProblem int

// The ways a $ref can fail.
const (
	RefOK        RefProblem = iota
	RefExternal             // does not start with '#'
	RefAnchor               // "#name": a plain-name fragment we do not resolve
	RefBadEscape            // a percent-escape could not be decoded
	RefDangling             // nothing at that location
	RefNotSchema            // the target is not an object (or boolean) schema
)

// ResolveRef follows a same-document reference against root (the
// inputSchema): "#", "#/$defs/X", "#/properties/a~1b", percent escapes.
// The segments found are returned too (as schema-path segments relative to
// root) so callers can report where the target lives.
func ResolveRef(root *jsonvalue.Value, ref string) (*jsonvalue.Value, []string, RefProblem) {
	if !strings.HasPrefix(ref, "#") {
		return nil, nil, RefExternal
	}
	frag := ref[1:]
	if frag != "" && !strings.HasPrefix(frag, "/") {
		return nil, nil, RefAnchor
	}
	cur := root
	var segs []string
	if frag == "" {
		return cur, segs, RefOK
	}
	for _, raw := range strings.Split(frag[1:], "/") {
		seg, err := url.PathUnescape(raw)
		if err != nil {
			return nil, nil, RefBadEscape
		}
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		switch cur.Kind {
		case jsonvalue.Object:
			next := cur.Get(seg)
			if next == nil {
				return nil, nil, RefDangling
			}
			cur = next
		case jsonvalue.Array:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(cur.Items) || (len(seg) > 1 && seg[0] == '0') {
				return nil, nil, RefDangling
			}
			cur = &cur.Items[n]
		default:
			return nil, nil, RefDangling
		}
		segs = append(segs, seg)
	}
	if cur.Kind != jsonvalue.Object && cur.Kind != jsonvalue.Bool {
		return cur, segs, RefNotSchema
	}
	return cur, segs, RefOK
}
