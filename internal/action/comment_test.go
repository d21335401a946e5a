package action

import "testing"

func TestCommentSettings(t *testing.T) {
	base := map[string]string{
		"GITHUB_API_URL":     "https://ghe.example.com/api/v3",
		"GITHUB_SERVER_URL":  "https://ghe.example.com",
		"GITHUB_REPOSITORY":  "acme/tools",
		"GITHUB_RUN_ID":      "42",
		"GITHUB_RUN_ATTEMPT": "1",
	}
	with := func(kv map[string]string) Env {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range kv {
			m[k] = v
		}
		return envOf(m)
	}
	cases := []struct {
		name    string
		inputs  map[string]string
		on      bool
		problem string
	}{
		{"no token: off", map[string]string{"INPUT_COMMENT": "", "INPUT_GITHUB-TOKEN": ""}, false, ""},
		{"inputs absent: off", nil, false, ""},
		{"a token turns it on", map[string]string{"INPUT_COMMENT": "", "INPUT_GITHUB-TOKEN": "ghs_x"}, true, ""},
		{"explicitly off", map[string]string{"INPUT_COMMENT": "false", "INPUT_GITHUB-TOKEN": "ghs_x"}, false, ""},
		{"TRUE in any case", map[string]string{"INPUT_COMMENT": " TRUE ", "INPUT_GITHUB-TOKEN": "ghs_x"}, true, ""},
		{"on without a token", map[string]string{"INPUT_COMMENT": "true", "INPUT_GITHUB-TOKEN": ""}, false,
			"`comment: true` needs a token: add `github-token: ${{ github.token }}` and `permissions: pull-requests: write`."},
		{"not a boolean", map[string]string{"INPUT_COMMENT": "yes please", "INPUT_GITHUB-TOKEN": "ghs_x"}, false,
			"The input `comment` is `yes please`; it takes true or false, so no comment was posted."},
	}
	for _, c := range cases {
		s := ReadCommentSettings(with(c.inputs))
		if s.On != c.on || s.Problem != c.problem {
			t.Errorf("%s: on %v, problem %q; want %v, %q", c.name, s.On, s.Problem, c.on, c.problem)
		}
	}
	s := ReadCommentSettings(with(map[string]string{"INPUT_GITHUB-TOKEN": "ghs_x"}))
	want := CommentSettings{On: true, Token: "ghs_x", APIURL: "https://ghe.example.com/api/v3", Owner: "acme", Repo: "tools",
		RunURL: "https://ghe.example.com/acme/tools/actions/runs/42"}
	if s != want {
		t.Errorf("settings %+v\nwant %+v", s, want)
	}
}

func TestRunURL(t *testing.T) {
	env := envOf(map[string]string{"GITHUB_SERVER_URL": "https://github.com/", "GITHUB_REPOSITORY": "acme/tools", "GITHUB_RUN_ID": "7", "GITHUB_RUN_ATTEMPT": "3"})
	if got := RunURL(env); got != "https://github.com/acme/tools/actions/runs/7/attempts/3" {
		t.Errorf("%q", got)
	}
	if got := RunURL(envOf(map[string]string{"GITHUB_REPOSITORY": "acme/tools"})); got != "" {
		t.Errorf("outside Actions: %q", got)
	}
}
