import CSodium
import Foundation

/// The libsodium constructions a DIDComm v1 envelope is made of, as Swift functions over `Data`.
///
/// RFC 0019 envelopes are defined by libsodium's functions rather than by JOSE algorithms, so
/// the exact primitives (not look-alikes) are called: `crypto_box` (X25519 + XSalsa20-Poly1305)
/// wraps the content key for an authenticated sender, `crypto_box_seal` wraps it (and the
/// sender's verkey) for anyone, ChaCha20-Poly1305 IETF encrypts the payload, and
/// `crypto_sign_ed25519_*_to_curve25519` turns the Ed25519 verkeys the envelope names into the
/// X25519 keys the boxes use. Every function returns `nil` where libsodium reports a failure
/// (a forged box, a key it refuses), and the caller turns that into its typed error.
enum Sodium {
    /// Bytes of an X25519 or Ed25519 public key, and of a content key.
    static let keyBytes = 32
    /// Bytes of a `crypto_box` nonce.
    static let boxNonceBytes = 24
    /// Bytes a `crypto_box` adds (its Poly1305 tag).
    static let boxMACBytes = 16
    /// Bytes a sealed box adds (the ephemeral public key and the tag).
    static let sealBytes = 48
    /// Bytes of a ChaCha20-Poly1305 IETF nonce.
    static let aeadNonceBytes = 12
    /// Bytes of a ChaCha20-Poly1305 tag.
    static let aeadTagBytes = 16

    /// `sodium_init` once per process; libsodium makes repeated calls cheap and thread-safe,
    /// and it picks the fastest implementations and opens the system random source.
    private static let initialized: Bool = sodium_init() >= 0

    /// `count` bytes from libsodium's system random source.
    static func randomBytes(_ count: Int) -> Data {
        precondition(initialized, "libsodium failed to initialize")
        var bytes = Data(count: count)
        bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, count) }
        return bytes
    }

    /// The X25519 public key of an Ed25519 public key (libsodium refuses small-order points).
    static func curve25519PublicKey(fromEd25519 publicKey: Data) -> Data? {
        guard publicKey.count == keyBytes else { return nil }
        return call(output: keyBytes, [publicKey]) { out, p in crypto_sign_ed25519_pk_to_curve25519(out, p[0]) }
    }

    /// The X25519 secret key of an Ed25519 key: libsodium's 64-byte secret key is the 32-byte
    /// seed followed by the public key.
    static func curve25519SecretKey(fromEd25519Seed seed: Data, publicKey: Data) -> Data? {
        guard seed.count == keyBytes, publicKey.count == keyBytes else { return nil }
        var secret = seed + publicKey
        defer { secret.resetBytes(in: 0..<secret.count) }
        return call(output: keyBytes, [secret]) { out, p in crypto_sign_ed25519_sk_to_curve25519(out, p[0]) }
    }

    /// `crypto_box_easy`: `message` encrypted and authenticated from `secretKey` to `publicKey`.
    static func box(_ message: Data, nonce: Data, to publicKey: Data, from secretKey: Data) -> Data? {
        guard nonce.count == boxNonceBytes, publicKey.count == keyBytes, secretKey.count == keyBytes else { return nil }
        return call(output: message.count + boxMACBytes, [message, nonce, publicKey, secretKey]) { out, p in
            crypto_box_easy(out, p[0], UInt64(message.count), p[1], p[2], p[3])
        }
    }

    /// `crypto_box_open_easy`: the message of a box from `publicKey` to `secretKey`, or `nil`
    /// when its tag does not verify.
    static func openBox(_ box: Data, nonce: Data, from publicKey: Data, to secretKey: Data) -> Data? {
        guard box.count >= boxMACBytes, nonce.count == boxNonceBytes, publicKey.count == keyBytes, secretKey.count == keyBytes
        else { return nil }
        return call(output: box.count - boxMACBytes, [box, nonce, publicKey, secretKey]) { out, p in
            crypto_box_open_easy(out, p[0], UInt64(box.count), p[1], p[2], p[3])
        }
    }

    /// `crypto_box_seal`: `message` for `publicKey` from a fresh ephemeral key.
    static func seal(_ message: Data, to publicKey: Data) -> Data? {
        guard publicKey.count == keyBytes else { return nil }
        return call(output: message.count + sealBytes, [message, publicKey]) { out, p in
            crypto_box_seal(out, p[0], UInt64(message.count), p[1])
        }
    }

    /// `crypto_box_seal_open`: the message of a sealed box for the key pair, or `nil` when it
    /// does not open.
    static func openSeal(_ sealed: Data, publicKey: Data, secretKey: Data) -> Data? {
        guard sealed.count >= sealBytes, publicKey.count == keyBytes, secretKey.count == keyBytes else { return nil }
        return call(output: sealed.count - sealBytes, [sealed, publicKey, secretKey]) { out, p in
            crypto_box_seal_open(out, p[0], UInt64(sealed.count), p[1], p[2])
        }
    }

    /// ChaCha20-Poly1305 IETF encryption of `plaintext` with `additionalData`: the ciphertext
    /// and its tag (libsodium writes them one after the other).
    static func aeadEncrypt(
        _ plaintext: Data, additionalData: Data, nonce: Data, key: Data
    ) -> (ciphertext: Data, tag: Data)? {
        guard nonce.count == aeadNonceBytes, key.count == keyBytes else { return nil }
        let sealed = call(output: plaintext.count + aeadTagBytes, [plaintext, additionalData, nonce, key]) { out, p in
            crypto_aead_chacha20poly1305_ietf_encrypt(
                out, nil, p[0], UInt64(plaintext.count), p[1], UInt64(additionalData.count), nil, p[2], p[3])
        }
        return sealed.map { (Data($0.prefix(plaintext.count)), Data($0.suffix(aeadTagBytes))) }
    }

    /// ChaCha20-Poly1305 IETF decryption; `nil` when the tag does not verify.
    static func aeadDecrypt(_ ciphertext: Data, tag: Data, additionalData: Data, nonce: Data, key: Data) -> Data? {
        guard nonce.count == aeadNonceBytes, key.count == keyBytes, tag.count == aeadTagBytes else { return nil }
        let sealed = ciphertext + tag
        return call(output: ciphertext.count, [sealed, additionalData, nonce, key]) { out, p in
            crypto_aead_chacha20poly1305_ietf_decrypt(
                out, nil, nil, p[0], UInt64(sealed.count), p[1], UInt64(additionalData.count), p[2], p[3])
        }
    }

    /// Runs one libsodium function with `inputs` as its `const unsigned char *` arguments (in
    /// order) and a fresh output buffer of `count` bytes; the output when it returns 0.
    private static func call(
        output count: Int, _ inputs: [Data], _ function: (UnsafeMutablePointer<UInt8>, [UnsafePointer<UInt8>]) -> Int32
    ) -> Data? {
        guard initialized else { return nil }
        var output = Data(count: count)
        let status = output.withUnsafeMutableBytes { out in
            withPointers(inputs[...], []) { function(out.uint8, $0) }
        }
        return status == 0 ? output : nil
    }

    /// `body` with a pointer to each input's bytes, all valid while it runs.
    private static func withPointers(
        _ inputs: ArraySlice<Data>, _ pointers: [UnsafePointer<UInt8>], _ body: ([UnsafePointer<UInt8>]) -> Int32
    ) -> Int32 {
        guard let first = inputs.first else { return body(pointers) }
        return first.withUnsafeBytes { bytes in withPointers(inputs.dropFirst(), pointers + [bytes.uint8], body) }
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes as the `unsigned char *` libsodium takes; a valid (dangling-free) pointer even
    /// for an empty buffer, which libsodium may read zero bytes from.
    fileprivate var uint8: UnsafePointer<UInt8> {
        baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? Sodium.emptyInput
    }
}

extension UnsafeMutableRawBufferPointer {
    /// The bytes as the `unsigned char *` libsodium writes to.
    fileprivate var uint8: UnsafeMutablePointer<UInt8> {
        baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? Sodium.emptyOutput
    }
}

extension Sodium {
    /// A one-byte buffer standing in for an empty input or output (Data of length 0 may have no
    /// base address; libsodium touches none of it).
    nonisolated(unsafe) fileprivate static let emptyOutput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    fileprivate static var emptyInput: UnsafePointer<UInt8> { UnsafePointer(emptyOutput) }
}
