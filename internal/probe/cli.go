package probe

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/schemaport/schemaport-action/internal/version"
)

// ParseTimeout reads a Go duration (30s, 1m30s) or a number of seconds.
func ParseTimeout(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		secs, err2 := strconv.ParseFloat(v, 64)
		if err2 != nil {
			return 0, fmt.Errorf("`--timeout` must be a duration such as 30s or 2m (got `%s`).", v)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d <= 0 || d > time.Hour {
		return 0, fmt.Errorf("`--timeout` must be more than 0 and at most 1h (got `%s`).", v)
	}
	return d, nil
}

// CommandLine is the command to re-run once a key is set, each argument
// quoted for a POSIX shell when it needs to be.
func CommandLine(args []string) string {
	parts := []string{version.Name, "probe"}
	for _, a := range args {
		if a == "" || strings.ContainsFunc(a, func(r rune) bool {
			return !(r == '-' || r == '_' || r == '.' || r == '/' || r == '=' || r == ',' || r == ':' ||
				r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}
