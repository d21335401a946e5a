// Package version holds the release version printed by `version`, written
// into JSON reports as schemaPortVersion and into SARIF as the driver version.
package version

// Version is overridden at release build time with
// -ldflags "-X github.com/schemaport/schemaport-action/internal/version.Version=v1.2.3".
var Version = "0.1.0"

// Name is the tool's name in reports.
const Name = "schemaport-action"

// InformationURI is where users read about the tool (SARIF driver.informationUri).
const InformationURI = "https://github.com/schemaport/schemaport-action"
