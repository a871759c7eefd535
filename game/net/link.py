"""Non-blocking TCP plumbing: a listening socket and a line connection, both driven by pump().

Nothing here blocks: the UI calls pump() once per frame (or a test calls it in a loop), which
accepts, connects, reads and writes whatever the operating system has ready. Lines are split on
LF and handed up as bytes; a line longer than protocol.MAX_LINE is cut off at the limit and
reported once as an oversized line, and the rest of it up to the next LF is skipped, so a peer
can never make us hold more than MAX_LINE bytes of an unfinished line.
"""

from __future__ import annotations

import errno
import socket

from game.net.protocol import MAX_LINE

#: bytes read per pump at most, so a flooding peer cannot stall a frame
READ_PER_PUMP = 64 * 1024
#: unsent bytes we keep for a peer that does not read, before giving up on it
MAX_OUTBOX = 256 * 1024

OVERSIZED = object()  # placeholder yielded by LineConnection.pump() for a line over the limit


class LineSplitter:
    """Splits a stream of bytes into LF-ended lines, never holding more than MAX_LINE bytes of an
    unfinished one: a longer line is reported once as OVERSIZED and skipped up to its LF."""

    def __init__(self):
        self._inbox = bytearray()
        self._skipping = False  # inside the tail of an oversized line

    def take(self, chunk: bytes, lines: list) -> None:
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if self._skipping:
                if end >= 0:
                    self._skipping = False
            elif len(self._inbox) + len(piece) >= MAX_LINE:
                self._inbox.clear()
                lines.append(OVERSIZED)
                self._skipping = end < 0
            elif end >= 0:
                self._inbox += piece
                lines.append(bytes(self._inbox))
                self._inbox.clear()
            else:
                self._inbox += piece
            if end < 0:
                return
            start = end + 1


class LineConnection:
    """One TCP connection carrying LF-terminated lines. States: connecting, open, closed."""

    def __init__(self, sock: socket.socket, connecting: bool = False):
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock
        self.state = "connecting" if connecting else "open"
        self.close_reason = ""
        self._splitter = LineSplitter()
        self._outbox = bytearray()

    @classmethod
    def connect(cls, host: str, port: int) -> LineConnection:
        """Start a non-blocking connection to host:port (an IP address or a name; a name is
        looked up here, which can take a moment for a name that is not in the local cache)."""
        return cls.connect_to(resolve(host, port))

    @classmethod
    def connect_to(cls, target) -> LineConnection:
        """Start a non-blocking connection to a resolve() result."""
        family, kind, proto, address = target
        sock = socket.socket(family, kind, proto)
        sock.setblocking(False)
        code = sock.connect_ex(address)
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY, getattr(errno, "WSAEWOULDBLOCK", -1)):
            sock.close()
            raise OSError(code, f"cannot connect to {address}: {errno.errorcode.get(code, code)}")
        return cls(sock, connecting=True)

    @property
    def open(self) -> bool:
        return self.state == "open"

    def peer(self) -> str:
        try:
            host, port = self.sock.getpeername()[:2]
            return f"{host}:{port}"
        except OSError:
            return "?"

    def send_line(self, line: str) -> None:
        """Queue one line (already checked by the protocol) for sending at the next pump."""
        if self.state == "closed":
            return
        self._outbox += line.encode("ascii") + b"\n"
        if len(self._outbox) > MAX_OUTBOX:
            self.close("the other side stopped reading")
        elif self.state == "open":
            self._flush()  # at once, so a line never waits for the next pump

    def pump(self) -> list:
        """Progress the connection; returns the complete lines received (bytes without the LF,
        or OVERSIZED for a line over the limit)."""
        if self.state == "connecting":
            self._finish_connect()
        if self.state != "open":
            return []
        self._flush()
        lines = self._read() if self.state == "open" else []
        if self.state == "open":
            self._flush()
        return lines

    def flush(self) -> None:
        """Send what the operating system accepts now of the queued lines."""
        if self.state == "open":
            self._flush()

    def flush_and_close(self, reason: str = "closed") -> None:
        """Try to send what is queued (a BYE, an ERROR), then close."""
        if self.state == "open":
            try:
                self.sock.setblocking(True)
                self.sock.settimeout(0.5)
                self.sock.sendall(bytes(self._outbox))
            except OSError:
                pass
            self._outbox.clear()
        self.close(reason)

    def shutdown_write(self) -> None:
        """Send what is queued, then the end of our stream; reading goes on, so the peer gets
        our last line (an ERROR) instead of a reset, without us waiting for it."""
        if self.state == "open":
            self._flush()
            try:
                self.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def close(self, reason: str = "closed") -> None:
        if self.state != "closed":
            self.state = "closed"
            self.close_reason = reason
            try:
                self.sock.close()
            except OSError:
                pass

    # ---- internals ------------------------------------------------------------------------------
    def _finish_connect(self) -> None:
        code = self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code:
            self.close(f"cannot connect: {errno.errorcode.get(code, code)}")
            return
        try:
            self.sock.getpeername()
        except OSError:
            return  # still connecting
        self.state = "open"

    def _flush(self) -> None:
        while self._outbox:
            try:
                sent = self.sock.send(self._outbox)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self.close(f"connection lost ({exc.strerror or exc})")
                return
            del self._outbox[:sent]

    def _read(self) -> list:
        lines = []
        budget = READ_PER_PUMP
        while budget > 0:
            try:
                chunk = self.sock.recv(min(16384, budget))
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                self.close(f"connection lost ({exc.strerror or exc})")
                break
            if not chunk:
                self.close("the other side closed the connection")
                break
            budget -= len(chunk)
            self._splitter.take(chunk, lines)
        return lines


def resolve(host: str, port: int):
    """(family, type, proto, sockaddr) of host:port for a TCP connection; OSError if unknown.
    IPv4 first: the host listens on IPv4 (so "localhost" must not become ::1)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    infos.sort(key=lambda info: info[0] != socket.AF_INET)
    family, kind, proto, _, address = infos[0]
    return family, kind, proto, address


class Listener:
    """A non-blocking listening socket; accept() returns a LineConnection or None."""

    def __init__(self, bind: str = "0.0.0.0", port: int = 0):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.sock.bind((bind, port))
        except OSError:
            self.sock.close()
            raise
        self.sock.listen(16)  # several may connect at once: they handshake side by side
        self.sock.setblocking(False)
        self.port = self.sock.getsockname()[1]

    def accept(self):
        try:
            sock, _ = self.sock.accept()
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            return None
        return LineConnection(sock)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def local_address() -> str:
    """The address other computers on the network can reach this one at (the interface of the
    default route; no packet is sent). Falls back to 127.0.0.1 without a network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only selects the interface
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
