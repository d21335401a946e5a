package actionrun

import (
	"testing"

	"github.com/schemaport/schemaport-action/internal/action"
	"github.com/schemaport/schemaport-action/internal/config"
)

// Named by the input or the config; failing by default but on push (as
// breaking-fail-on); the input wins over the config.
func TestTargetSettings(t *testing.T) {
	no, yes := false, true
	for _, c := range []struct {
		name        string
		s           action.Settings
		cfg         *config.Config
		event       string
		named, fail bool
	}{
		{"nothing", action.Settings{}, nil, "pull_request", false, true},
		{"input", action.Settings{TargetsSet: true}, nil, "pull_request", true, true},
		{"config", action.Settings{}, &config.Config{TargetsSet: true}, "pull_request", true, true},
		{"push", action.Settings{TargetsSet: true}, nil, "push", true, false},
		{"config off", action.Settings{}, &config.Config{FailOnTargetRegression: &no}, "pull_request", false, false},
		{"config on, push", action.Settings{}, &config.Config{FailOnTargetRegression: &yes}, "push", false, true},
		{"input wins", action.Settings{FailOnTargetRegression: true, FailOnTargetRegressionSet: true}, &config.Config{FailOnTargetRegression: &no}, "pull_request", false, true},
	} {
		named, fail := targetSettings(&c.s, c.cfg, c.event)
		if named != c.named || fail != c.fail {
			t.Errorf("%s: named %v fail %v, want %v %v", c.name, named, fail, c.named, c.fail)
		}
	}
}
