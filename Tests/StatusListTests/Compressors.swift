import Foundation
import Multiformats
import StatusList

// Compressed inputs for the decoder tests, made with the module's own encoders. That the
// encoders produce real ZLIB and GZIP is shown elsewhere: the draft's vectors (compressed by
// Python's zlib) decode, and the encoders' output starts with the RFC 1950 / RFC 1952 magic.

/// `data` as a ZLIB stream (RFC 1950).
func zlib(_ data: Data) throws -> Data {
    try TokenStatusList(bits: .eight, bytes: data).compressed()
}

/// `data` as a GZIP stream (RFC 1952).
func gzip(_ data: Data) throws -> Data {
    try Multibase.decode(BitstringStatusList(bytes: data).encodedList(), expecting: .base64url)
}
