import CLibcrypto
import Crypto
import Foundation

/// The SHA-2 hash functions the JOSE and COSE algorithms are built on.
///
/// One small enum instead of swift-crypto's generic `HashFunction` types lets callers pick
/// the hash at run time from an `alg` header.
public enum DigestAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// SHA-256.
    case sha256 = "SHA-256"
    /// SHA-384.
    case sha384 = "SHA-384"
    /// SHA-512.
    case sha512 = "SHA-512"

    /// The digest length in bytes.
    public var byteCount: Int {
        switch self {
        case .sha256: return 32
        case .sha384: return 48
        case .sha512: return 64
        }
    }

    /// The digest of `data`.
    public func hash<Bytes: DataProtocol>(_ data: Bytes) -> Data {
        switch self {
        case .sha256: return Self.bytes(of: SHA256.hash(data: data))
        case .sha384: return Self.bytes(of: SHA384.hash(data: data))
        case .sha512: return Self.bytes(of: SHA512.hash(data: data))
        }
    }

    /// The digest of `data`: the concrete overload, so callers in other modules get a
    /// specialised call instead of the generic `DataProtocol` path.
    public func hash(_ data: Data) -> Data {
        data.withUnsafeBytes { oneShot($0) }
    }

    /// The digest of the UTF-8 of `text`, hashed from the string's own storage (SD-JWT
    /// hashes every Disclosure's text, and a `Data` copy of each would cost as much as
    /// the hash).
    public func hash(utf8 text: String) -> Data {
        var text = text
        return text.withUTF8 { oneShot(UnsafeRawBufferPointer($0)) }
    }

    /// Hashes the UTF-8 of `text` into a stack buffer that lives while `body` runs: for a
    /// caller that turns the digest straight into something else (SD-JWT's base64url
    /// digests), so no `Data` is made in between.
    package func withDigest(ofUTF8 text: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        withDigest(ofUTF8: Substring(text), body)
    }

    /// ``withDigest(ofUTF8:_:)-(String,_)`` of a slice of a longer text (an SD-JWT
    /// Disclosure, read in place from the serialization it came in).
    package func withDigest(ofUTF8 text: Substring, _ body: (UnsafeRawBufferPointer) -> Void) {
        var text = text
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { digest in
            guard let target = digest.baseAddress else { return }
            text.withUTF8 { write(UnsafeRawBufferPointer($0), into: target) }
            body(UnsafeRawBufferPointer(digest))
        }
    }

    /// Hashes `bytes` into a stack buffer that lives while `body` runs: for a caller that
    /// builds its input in a reused byte buffer and turns each digest straight into
    /// something else (RDFC-1.0 hashes thousands of short N-Quads texts and keeps only their
    /// hexadecimal form), so neither the input nor the digest is copied into a `Data`.
    package func withDigest(of bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { digest in
            guard let target = digest.baseAddress else { return }
            write(bytes, into: target)
            body(UnsafeRawBufferPointer(digest))
        }
    }

    /// One contiguous input hashed into a new `Data` (see ``write(_:into:)``).
    private func oneShot(_ input: UnsafeRawBufferPointer) -> Data {
        var digest = Data(count: byteCount)
        digest.withUnsafeMutableBytes { output in
            if let target = output.bindMemory(to: UInt8.self).baseAddress { write(input, into: target) }
        }
        return digest
    }

    /// Hashes one contiguous input with libcrypto's low-level SHA-2 functions, the context
    /// on the stack, into `target` (``byteCount`` bytes). swift-crypto's streaming hash
    /// allocates a context object per call, and OpenSSL 3's one-shot `SHA256()` fetches the
    /// algorithm from its provider store (locks, a context allocation) every time: for the
    /// short inputs that take this path (Disclosures, mdoc items, signing inputs, digests
    /// of digests) either costs more than the hash.
    func write(_ input: UnsafeRawBufferPointer, into target: UnsafeMutablePointer<UInt8>) {
        switch self {
        case .sha256:
            var context = SHA256_CTX()
            SHA256_Init(&context)
            SHA256_Update(&context, input.baseAddress, input.count)
            SHA256_Final(target, &context)
        case .sha384:
            var context = SHA512_CTX()
            SHA384_Init(&context)
            SHA384_Update(&context, input.baseAddress, input.count)
            SHA384_Final(target, &context)
        case .sha512:
            var context = SHA512_CTX()
            SHA512_Init(&context)
            SHA512_Update(&context, input.baseAddress, input.count)
            SHA512_Final(target, &context)
        }
    }

    /// A digest's bytes in one copy (`Data(digest)` would walk them one at a time).
    private static func bytes(of digest: some Digest) -> Data {
        digest.withUnsafeBytes { Data($0) }
    }

    /// The HMAC (RFC 2104) of `message` under `key` with this hash.
    public func authenticationCode<Bytes: DataProtocol>(for message: Bytes, key: Data) -> Data {
        let symmetricKey = SymmetricKey(data: key)
        switch self {
        case .sha256: return Data(HMAC<SHA256>.authenticationCode(for: message, using: symmetricKey))
        case .sha384: return Data(HMAC<SHA384>.authenticationCode(for: message, using: symmetricKey))
        case .sha512: return Data(HMAC<SHA512>.authenticationCode(for: message, using: symmetricKey))
        }
    }

    /// Checks an HMAC in constant time; a truncated or empty `code` is rejected.
    public func isValidAuthenticationCode<Bytes: DataProtocol>(
        _ code: Data, for message: Bytes, key: Data
    ) -> Bool {
        isValidAuthenticationCode(code, for: message, key: key, truncatedTo: byteCount)
    }

    /// Checks an HMAC truncated to its first `tagLength` bytes, in constant time.
    ///
    /// Truncated tags are how COSE's HMAC 256/64 and the JWE AES-CBC-HMAC modes carry a MAC;
    /// the check is here once so no caller compares a tag with `==`. A `code` of any other
    /// length than `tagLength` is rejected, so a shortened forgery cannot pass as a prefix,
    /// and a `tagLength` outside `1...byteCount` accepts nothing.
    public func isValidAuthenticationCode<Bytes: DataProtocol>(
        _ code: Data, for message: Bytes, key: Data, truncatedTo tagLength: Int
    ) -> Bool {
        guard (1...byteCount).contains(tagLength), code.count == tagLength else { return false }
        let expected = authenticationCode(for: message, key: key).prefix(tagLength)
        return ConstantTime.equals(Data(expected), code)
    }
}

/// Comparisons whose running time does not depend on where the inputs differ.
enum ConstantTime {
    static func equals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
        return difference == 0
    }
}
