package web

import (
	"bufio"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestServerLimits: serve.go's limits are set, and tight enough.
func TestServerLimits(t *testing.T) {
	l := ServerLimits
	if l.ReadHeaderTimeout <= 0 || l.ReadHeaderTimeout > 10*time.Second || l.ReadTimeout <= 0 || l.WriteTimeout <= 0 ||
		l.IdleTimeout <= 0 || l.MaxHeaderBytes <= 0 || l.MaxHeaderBytes > 64<<10 || l.MaxConns <= 0 {
		t.Errorf("limits %+v", l)
	}
}

// testServer serves a directory with one small page through NewServer on
// loopback, with limits short enough for a test; most is the most
// connections it held open at once.
type testServer struct {
	addr   string
	limits Limits
	most   atomic.Int32
}

func startTestServer(t *testing.T) *testServer {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>ok</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{addr: ln.Addr().String(), limits: Limits{
		ReadHeaderTimeout: 400 * time.Millisecond, ReadTimeout: time.Second, WriteTimeout: time.Second,
		IdleTimeout: 400 * time.Millisecond, MaxHeaderBytes: 4 << 10, MaxConns: 32,
	}}
	srv, limited := NewServer(&countingListener{Listener: ln, most: &ts.most}, Handler(dir, ""), ts.limits)
	go srv.Serve(limited)
	t.Cleanup(func() { srv.Close() })
	return ts
}

// countingListener counts the connections it accepted that are not closed,
// and keeps the most there were at once.
type countingListener struct {
	net.Listener
	open atomic.Int32
	most *atomic.Int32
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	n := l.open.Add(1)
	for m := l.most.Load(); n > m && !l.most.CompareAndSwap(m, n); m = l.most.Load() {
	}
	return &countedConn{Conn: c, open: &l.open}, nil
}

type countedConn struct {
	net.Conn
	open *atomic.Int32
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.open.Add(-1) })
	return c.Conn.Close()
}

// request makes a normal request on a new connection and fails the test
// unless it is answered, 200, within a second.
func (ts *testServer) request(t *testing.T) {
	t.Helper()
	client := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	start := time.Now()
	res, err := client.Get("http://" + ts.addr + "/")
	if err != nil {
		t.Fatalf("a normal request: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("a normal request: %d after %v", res.StatusCode, time.Since(start))
	}
}

// hostileClients opens slow clients (a header byte every 100 ms), silent
// ones (nothing sent) and idle ones (a request answered, then the
// connection kept), n of each, and returns a function that waits until
// every one is cut off, or fails the test for any still open after
// within.
func (ts *testServer) hostileClients(t *testing.T, n int, within time.Duration) (waitCut func()) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var open []string
	deadline := time.Now().Add(within)
	for i := range 3 * n {
		conn, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		kind := []string{"slow", "silent", "idle"}[i%3]
		wg.Go(func() {
			switch kind {
			case "slow":
				go func() {
					header := "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + strings.Repeat("a", 100)
					for j := 0; j < len(header) && time.Now().Before(deadline); j++ {
						if _, err := conn.Write([]byte{header[j]}); err != nil {
							return
						}
						time.Sleep(100 * time.Millisecond)
					}
				}()
			case "idle":
				conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
				if res, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
					res.Body.Close()
				}
			}
			conn.SetReadDeadline(deadline)
			buf := make([]byte, 512)
			for {
				if _, err := conn.Read(buf); err != nil {
					var timeout net.Error
					if errors.As(err, &timeout) && timeout.Timeout() {
						mu.Lock()
						open = append(open, kind)
						mu.Unlock()
					}
					return
				}
			}
		})
	}
	return func() {
		t.Helper()
		wg.Wait()
		if len(open) > 0 {
			t.Errorf("%d clients still connected after %v: %v", len(open), within, open)
		}
	}
}

// TestServerUnderLoad: slow, silent and idle clients are cut off, by the
// timeouts when they are few and by the connection bound when they are
// more than it, and a normal request made meanwhile is answered within a
// second. Loopback only, some 200 connections, a few seconds.
func TestServerUnderLoad(t *testing.T) {
	ts := startTestServer(t)
	few := ts.hostileClients(t, 5, 3*time.Second) // 15, under the bound
	time.Sleep(100 * time.Millisecond)
	ts.request(t)
	few()

	many := ts.hostileClients(t, 60, 5*time.Second) // 180, over it
	time.Sleep(200 * time.Millisecond)
	ts.request(t)
	many()
	ts.request(t)
	// The bound, and the one connection being accepted while the longest
	// waiting is closed for it.
	if most := ts.most.Load(); most > int32(ts.limits.MaxConns)+1 {
		t.Errorf("%d connections open at once, the bound is %d", most, ts.limits.MaxConns)
	}
}

// TestServerHeaderBound: a header over MaxHeaderBytes is refused.
func TestServerHeaderBound(t *testing.T) {
	ts := startTestServer(t)
	conn, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	go conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 16<<10) + "\r\n\r\n"))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 16 KB header: %d", res.StatusCode)
	}
}
