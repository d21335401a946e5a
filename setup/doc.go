// Package setup is the composite action at setup/action.yml; its Go part
// is only the test of install.sh, run against a local file server.
package setup
