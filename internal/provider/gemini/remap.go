package gemini

import (
	"slices"
	"strconv"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// remapper puts the findings made on the inlined schema back on paths
// that exist in the file. The rules walk the schema with every $ref
// expanded, so a finding inside a definition first gets the use-site path
// (inputSchema.properties.a.format), which is in neither file, once per
// use. Its position already points into the definition (the members keep
// their key ranges); here the definition's path is found from that
// position, and the findings one definition gives at its several use
// sites become one, saying which references reach it.
type remapper struct {
	real    map[int32]string // file offset of a key or array element -> its path
	refs    []provider.Place // the inlined $refs, at their use-site paths
	pending []*remapped
	moved   map[movedKey]*remapped
}

type remapped struct {
	rule    *provider.Rule
	at      provider.Place
	message string
	arg     string
	vias    []string // where the definition is reached from, in the file
	uses    []string // the use-site paths, as compiling writes them
}

// maxVias is how many uses of one finding have their reference named.
const maxVias = 8

type movedKey struct {
	rule          *provider.Rule
	path, message string
}

// newRemapper indexes the paths of root (the file's inputSchema) by the
// offsets a cursor gives its places.
func newRemapper(root *jsonvalue.Value, refs []provider.Place) *remapper {
	r := &remapper{real: map[int32]string{}, refs: refs, moved: map[movedKey]*remapped{}}
	var walk func(v *jsonvalue.Value, path string)
	walk = func(v *jsonvalue.Value, path string) {
		switch v.Kind {
		case jsonvalue.Object:
			for i := range v.Members {
				m := &v.Members[i]
				p := schemapath.Key(path, m.Key)
				if m.KeyEnd > m.KeyStart {
					r.real[m.KeyStart] = p
				}
				walk(&m.Value, p)
			}
		case jsonvalue.Array:
			for i := range v.Items {
				p := schemapath.Index(path, i)
				r.real[v.Items[i].Start] = p
				walk(&v.Items[i], p)
			}
		}
	}
	walk(root, provider.RootPath)
	return r
}

func (r *remapper) add(rule *provider.Rule, at provider.Place, message, arg string) {
	real, ok := r.real[at.Offset()]
	if !ok || real == at.Path {
		r.pending = append(r.pending, &remapped{rule: rule, at: at, message: message, arg: arg})
		return
	}
	k := movedKey{rule, real, message}
	if f := r.moved[k]; f != nil {
		// Naming the reference costs a scan of the inlined ones: the
		// message names those of the first few uses (a definition used
		// at many places is expanded from few references in the file).
		if len(f.uses) < maxVias {
			f.vias = append(f.vias, r.via(at.Path))
		}
		f.uses = append(f.uses, at.Path)
		return
	}
	f := &remapped{rule: rule, at: at.Moved(real), message: message, arg: arg, vias: []string{r.via(at.Path)}, uses: []string{at.Path}}
	r.moved[k] = f
	r.pending = append(r.pending, f)
}

// via is the file path of the deepest inlined $ref above the use-site
// path p: the reference through which the finding's definition is used.
func (r *remapper) via(p string) string {
	best, bestLen := "", -1
	for _, ref := range r.refs {
		base := strings.TrimSuffix(ref.Path, ".$ref")
		if len(base) > bestLen && len(p) > len(base) && strings.HasPrefix(p, base) && (p[len(base)] == '.' || p[len(base)] == '[') {
			best, bestLen = ref.Path, len(base)
			if real, ok := r.real[ref.Offset()]; ok {
				best = real
			}
		}
	}
	return best
}

// flush emits what was collected.
func (r *remapper) flush(e *provider.Emitter) {
	for _, f := range r.pending {
		if f.vias == nil {
			e.EmitAt(f.rule, f.at, f.message, f.arg)
			continue
		}
		slices.Sort(f.vias)
		vias := slices.Compact(f.vias)
		quoted := make([]string, len(vias))
		for i, v := range vias {
			quoted[i] = "`" + v + "`"
		}
		more := ""
		if n := len(f.uses) - maxVias; n > 0 {
			more = " and " + strconv.Itoa(n) + " more uses"
		}
		slices.Sort(f.uses)
		e.EmitUses(f.rule, f.at, f.message+" (In a definition, used via "+strings.Join(quoted, ", ")+more+".)", f.arg, slices.Compact(f.uses))
	}
}
