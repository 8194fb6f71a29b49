package web

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound what clients can hold of a server: how long one may take to
// send its request's header, the whole request, to read the answer, or keep
// a connection idle; how large a header may be; how many connections are
// open at once.
type Limits struct {
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	MaxHeaderBytes    int
	MaxConns          int
}

// ServerLimits are the limits serve.go runs with. A request is a GET with a
// header of a few hundred bytes; the largest answer, a 1.4 MB page, takes
// under a minute even at 25 KB/s; a browser opens a few connections.
var ServerLimits = Limits{
	ReadHeaderTimeout: 5 * time.Second,
	ReadTimeout:       10 * time.Second,
	WriteTimeout:      60 * time.Second,
	IdleTimeout:       30 * time.Second,
	MaxHeaderBytes:    16 << 10,
	MaxConns:          256,
}

// NewServer returns a server for handler within limits and ln wrapped to
// hold at most limits.MaxConns connections; serve with srv.Serve(limited).
func NewServer(ln net.Listener, handler http.Handler, limits Limits) (srv *http.Server, limited net.Listener) {
	l := &connLimit{Listener: ln, max: limits.MaxConns, open: map[*limitedConn]bool{}}
	l.freed = sync.NewCond(&l.mu)
	srv = &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: limits.ReadHeaderTimeout,
		ReadTimeout:       limits.ReadTimeout,
		WriteTimeout:      limits.WriteTimeout,
		IdleTimeout:       limits.IdleTimeout,
		MaxHeaderBytes:    limits.MaxHeaderBytes,
		ConnState:         l.state,
	}
	return srv, l
}

// connLimit is a listener that holds at most max connections. When all are
// taken, a new one closes the one that has waited longest for a request
// (a client sending its header slowly, or keeping a connection idle), so
// that such clients cannot lock others out; only while every connection
// is answering a request does Accept wait for one to end.
type connLimit struct {
	net.Listener
	max   int
	mu    sync.Mutex
	freed *sync.Cond
	open  map[*limitedConn]bool
}

type limitedConn struct {
	net.Conn
	limit *connLimit
	// waitingSince is when the connection last began to wait for a
	// request (it opened, or its last answer ended); zero while it is
	// answering one.
	waitingSince time.Time
	close        sync.Once
}

func (l *connLimit) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	for len(l.open) >= l.max {
		if oldest := l.longestWaiting(); oldest != nil {
			l.mu.Unlock()
			oldest.Close()
			l.mu.Lock()
		} else {
			l.freed.Wait()
		}
	}
	lc := &limitedConn{Conn: c, limit: l, waitingSince: time.Now()}
	l.open[lc] = true
	l.mu.Unlock()
	return lc, nil
}

func (l *connLimit) longestWaiting() *limitedConn {
	var oldest *limitedConn
	for c := range l.open {
		if !c.waitingSince.IsZero() && (oldest == nil || c.waitingSince.Before(oldest.waitingSince)) {
			oldest = c
		}
	}
	return oldest
}

// state follows each connection through http.Server.ConnState.
func (l *connLimit) state(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateActive:
		lc.waitingSince = time.Time{}
	case http.StateIdle:
		lc.waitingSince = time.Now()
		l.freed.Broadcast() // it may be closed for a new one
	}
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.close.Do(func() {
		c.limit.mu.Lock()
		delete(c.limit.open, c)
		c.limit.freed.Broadcast()
		c.limit.mu.Unlock()
	})
	return err
}
