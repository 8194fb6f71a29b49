module pfcheck

go 1.26.8

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/consensys/gnark-crypto v0.22.0
)

require (
	github.com/bits-and-blooms/bitset v1.25.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
