package targetdiff

// Exit is diff's exit with the target section: a compatibility
// regression is breaking (exit 1 under breaking and any), and under any a
// tool whose compatibility changed at all fails too; input errors (2)
// stay.
func Exit(exit int, failOn string, td *Result) int {
	if exit != 0 || td == nil {
		return exit
	}
	switch failOn {
	case "breaking":
		if td.Regressions > 0 {
			return 1
		}
	case "any":
		for _, r := range td.Reports {
			if len(r.Tools) > 0 {
				return 1
			}
		}
	}
	return exit
}
