"""A TCP relay on 127.0.0.1 in front of the test server that can go silent, the way a machine
that vanishes (power cut, network gone) does: nothing closes, and nothing answers any more.

Stopping the relay's reads and writes isn't enough for that: its kernel would still acknowledge
what reaches its sockets, keepalive probes included. So ``vanish`` also gives every socket of
the relay a filter that drops each packet arriving there (``SO_ATTACH_FILTER``, classic BPF; a
socket filter runs before TCP sees the packet, so nothing is acknowledged), and neither the
store nor the server hears a FIN, a reset or an ACK from it again. Linux only, no privileges.
"""

from __future__ import annotations

import asyncio
import ctypes
import socket
import struct
from urllib.parse import urlsplit, urlunsplit

SO_ATTACH_FILTER = 26  # <linux/filter.h>; Python's socket module doesn't name it
DROP_EVERYTHING = struct.pack("HBBI", 0x06, 0, 0, 0)  # BPF_RET | BPF_K, 0: keep no byte


def unacknowledged(writer: asyncio.StreamWriter) -> int:
    """Segments sent on the writer's socket that the other end has not acknowledged yet:
    ``tcpi_unacked`` of Linux's ``struct tcp_info`` (after eight one-byte fields and four
    32-bit ones)."""
    sock = writer.transport.get_extra_info("socket")
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    return struct.unpack_from("I", info, 24)[0]


class Blackhole:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._url = url
        self._server: asyncio.Server | None = None
        self._writers: list[asyncio.StreamWriter] = []
        self._relays: set[asyncio.Future[object]] = set()
        self._program = ctypes.create_string_buffer(DROP_EVERYTHING)  # kept while attached
        self.silent = False
        self.port = 0

    @property
    def url(self) -> str:
        """The server's URL through the relay."""
        parts = urlsplit(self._url)
        user = f"{parts.username}@" if parts.username else ""
        return urlunsplit(parts._replace(netloc=f"{user}127.0.0.1:{self.port}"))

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def vanish(self) -> None:
        """Go silent: relay nothing more, answer nothing, close nothing, take no connection."""
        assert self._server is not None
        self.silent = True
        self._server.close()  # new connections are refused, as by a machine no longer there
        # Bytes the relay sent and no ACK has come back for yet would be sent again by its
        # kernel, and each resend tells the other end someone is still there: a vanished
        # machine resends nothing. So the relay goes silent once nothing of it is in flight.
        while any(unacknowledged(w) for w in self._writers):
            await asyncio.sleep(0.01)
        program = struct.pack("HL", 1, ctypes.addressof(self._program))  # struct sock_fprog
        for writer in self._writers:
            sock = writer.transport.get_extra_info("socket")
            sock.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, program)
            # Reading would open the window again, and that is a packet too.
            writer.transport.pause_reading()  # type: ignore[attr-defined]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        self._writers.clear()
        await asyncio.gather(*self._relays, return_exceptions=True)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.silent:
            writer.transport.abort()
            return
        up_reader, up_writer = await asyncio.open_connection(*self._target)
        self._writers += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while (data := await src.read(65536)) and not self.silent:
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                if not self.silent:  # an end closed: so does the other
                    dst.transport.abort()

        both = asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self._relays.add(both)
        await both
