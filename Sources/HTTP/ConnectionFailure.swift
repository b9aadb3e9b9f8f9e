import Foundation
import NIOCore
import NIOSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong with a connection, in words a person can act on.
///
/// SwiftNIO's errors describe themselves for a developer ("connection reset (error set):
/// Connection refused (errno: 111)"); a wallet user needs "connection refused" and the host
/// and port, so ``HTTPError/transport(_:)`` carries this instead.
enum ConnectionFailure {
    /// A short phrase for `error` from connecting, writing or reading.
    static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused (is the server running on that port?)"
            case ECONNRESET, EPIPE: return "the server closed the connection"
            case EHOSTUNREACH: return "host unreachable"
            case ENETUNREACH: return "network unreachable"
            case ETIMEDOUT: return "timed out"
            case EADDRNOTAVAIL: return "address not available"
            default: return "the connection failed"
            }
        }
        if error is NIOSSLError || error is BoringSSLError {
            return "the TLS handshake failed (the server's certificate is not trusted, or it does not speak TLS)"
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout: return "timed out"
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return "the server closed the connection"
            default: return "the connection failed"
            }
        }
        return "the connection failed"
    }
}
