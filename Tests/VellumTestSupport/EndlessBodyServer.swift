import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile HTTP server on 127.0.0.1 that answers every request with `200` and a chunked body
/// that never ends, counting exactly the bytes the kernel accepted from it.
///
/// Written on plain blocking sockets, not on an event loop, because the count must be the
/// truth: a `send` returns only once the bytes are in the socket buffer (kept small here), so
/// what it counts is what the client read plus what the two socket buffers hold. A client that
/// stops at its limit leaves the count near that limit; one that keeps reading runs it up to
/// the cap (1 GiB).
public final class EndlessBodyServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var sentBytes = 0
    private var connections = 0
    private var stopped = false
    /// The most bytes written to one connection.
    public static let cap = 1 << 30

    /// Starts listening; call ``stop()`` when done.
    public init() throws {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The bytes accepted by the kernel so far, over every connection.
    public var sent: Int { lock.withLock { sentBytes } }

    /// How many connections were accepted.
    public var accepted: Int { lock.withLock { connections } }

    /// Stops accepting and ends the connections in progress.
    public func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            lock.withLock { connections += 1 }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var small: Int32 = 64 * 1024
        setsockopt(client, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var request = [UInt8](repeating: 0, count: 16 * 1024)
        _ = recv(client, &request, request.count, 0)
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        guard write(client, head) else { return }
        let payload = [UInt8](repeating: UInt8(ascii: " "), count: 16 * 1024)
        let chunk = Array("4000\r\n".utf8) + payload + Array("\r\n".utf8)
        var total = 0
        while total < Self.cap, !isStopped {
            guard write(client, chunk) else { return }
            total += chunk.count
        }
    }

    /// Writes all of `bytes`, counting what the kernel took; `false` once the peer is gone.
    private func write(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Darwin)
            let flags: Int32 = 0
            #else
            let flags = Int32(MSG_NOSIGNAL)
            #endif
            let written = bytes[offset...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, flags) }
            guard written > 0 else { return false }
            offset += written
            lock.withLock { sentBytes += written }
        }
        return true
    }
}
