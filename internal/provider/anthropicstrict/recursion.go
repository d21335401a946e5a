package anthropicstrict

import (
	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/provider"
	"github.com/schemaport/schemaport-action/internal/tool"
)

// localRef is a `$ref` into the tool's own schema, as the walk met it.
type localRef struct {
	at     provider.Place
	ref    string
	offset int32 // of the $ref key in the file
}

// recursiveRefs returns the refs that lie on a cycle: following one, and
// then the refs inside what it reaches, leads back to it. Definitions are
// subtrees of one parsed file, so "inside" is a byte range test. The graph
// has a node per distinct target and an edge X -> Y for every ref to Y
// inside X; a ref to Y sitting inside X is on a cycle exactly when X and Y
// are in one strongly connected component (X == Y included).
func recursiveRefs(root *jsonvalue.Value, refs []localRef) []localRef {
	if len(refs) == 0 || root == nil {
		return nil
	}
	var targets []*jsonvalue.Value
	index := map[*jsonvalue.Value]int{}
	byText := map[string]int{} // ref text -> target index, or -1
	targetOf := make([]int, len(refs))
	for i, r := range refs {
		t, seen := byText[r.ref]
		if !seen {
			t = -1
			if v, _, problem := tool.ResolveRef(root, r.ref); problem == tool.RefOK && v.Kind == jsonvalue.Object && v.End > v.Start {
				if k, ok := index[v]; ok {
					t = k
				} else {
					t = len(targets)
					index[v] = t
					targets = append(targets, v)
				}
			}
			byText[r.ref] = t
		}
		targetOf[i] = t
	}
	// containers[i]: the targets that hold ref i.
	containers := make([][]int, len(refs))
	edges := make([][]int, len(targets))
	for i, r := range refs {
		if targetOf[i] < 0 {
			continue
		}
		for x, v := range targets {
			if r.offset >= v.Start && r.offset < v.End {
				containers[i] = append(containers[i], x)
				edges[x] = append(edges[x], targetOf[i])
			}
		}
	}
	component := components(edges)
	var out []localRef
	for i, r := range refs {
		for _, x := range containers[i] {
			if component[x] == component[targetOf[i]] {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// components labels the strongly connected components of a graph given as
// adjacency lists (Tarjan's algorithm, with an explicit stack so that a
// long chain of definitions cannot exhaust the goroutine stack).
func components(edges [][]int) []int {
	n := len(edges)
	const unvisited = -1
	order, low, comp := make([]int, n), make([]int, n), make([]int, n)
	for i := range order {
		order[i], comp[i] = unvisited, unvisited
	}
	var stack []int // Tarjan's stack of open nodes
	onStack := make([]bool, n)
	type frame struct{ node, next int }
	var calls []frame
	counter, label := 0, 0
	for start := range n {
		if order[start] != unvisited {
			continue
		}
		calls = append(calls, frame{node: start})
		order[start], low[start] = counter, counter
		counter++
		stack = append(stack, start)
		onStack[start] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.node
			if f.next < len(edges[v]) {
				w := edges[v][f.next]
				f.next++
				switch {
				case order[w] == unvisited:
					order[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{node: w})
				case onStack[w]:
					low[v] = min(low[v], order[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				parent := calls[len(calls)-1].node
				low[parent] = min(low[parent], low[v])
			}
			if low[v] == order[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = label
					if w == v {
						break
					}
				}
				label++
			}
		}
	}
	return comp
}
