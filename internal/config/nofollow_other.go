//go:build !unix

package config

const noFollow = 0
