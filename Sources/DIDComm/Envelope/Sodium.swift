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
        guard initialized, publicKey.count == keyBytes else { return nil }
        var output = Data(count: keyBytes)
        let status = output.withUnsafeMutableBytes { out in
            publicKey.withUnsafeBytes { input in
                crypto_sign_ed25519_pk_to_curve25519(out.uint8, input.uint8)
            }
        }
        return status == 0 ? output : nil
    }

    /// The X25519 secret key of an Ed25519 key: libsodium's 64-byte secret key is the 32-byte
    /// seed followed by the public key.
    static func curve25519SecretKey(fromEd25519Seed seed: Data, publicKey: Data) -> Data? {
        guard initialized, seed.count == keyBytes, publicKey.count == keyBytes else { return nil }
        var secret = seed + publicKey
        defer { secret.resetBytes(in: 0..<secret.count) }
        var output = Data(count: keyBytes)
        let status = output.withUnsafeMutableBytes { out in
            secret.withUnsafeBytes { input in crypto_sign_ed25519_sk_to_curve25519(out.uint8, input.uint8) }
        }
        return status == 0 ? output : nil
    }

    /// `crypto_box_easy`: `message` encrypted and authenticated from `secretKey` to `publicKey`.
    static func box(_ message: Data, nonce: Data, to publicKey: Data, from secretKey: Data) -> Data? {
        guard initialized, nonce.count == boxNonceBytes, publicKey.count == keyBytes, secretKey.count == keyBytes
        else { return nil }
        var output = Data(count: message.count + boxMACBytes)
        let status = output.withUnsafeMutableBytes { out in
            message.withUnsafeBytes { m in
                nonce.withUnsafeBytes { n in
                    publicKey.withUnsafeBytes { pk in
                        secretKey.withUnsafeBytes { sk in
                            crypto_box_easy(out.uint8, m.uint8, UInt64(message.count), n.uint8, pk.uint8, sk.uint8)
                        }
                    }
                }
            }
        }
        return status == 0 ? output : nil
    }

    /// `crypto_box_open_easy`: the message of a box from `publicKey` to `secretKey`, or `nil`
    /// when its tag does not verify.
    static func openBox(_ box: Data, nonce: Data, from publicKey: Data, to secretKey: Data) -> Data? {
        guard initialized, box.count >= boxMACBytes, nonce.count == boxNonceBytes, publicKey.count == keyBytes,
            secretKey.count == keyBytes
        else { return nil }
        var output = Data(count: box.count - boxMACBytes)
        let status = output.withUnsafeMutableBytes { out in
            box.withUnsafeBytes { c in
                nonce.withUnsafeBytes { n in
                    publicKey.withUnsafeBytes { pk in
                        secretKey.withUnsafeBytes { sk in
                            crypto_box_open_easy(out.uint8, c.uint8, UInt64(box.count), n.uint8, pk.uint8, sk.uint8)
                        }
                    }
                }
            }
        }
        return status == 0 ? output : nil
    }

    /// `crypto_box_seal`: `message` for `publicKey` from a fresh ephemeral key.
    static func seal(_ message: Data, to publicKey: Data) -> Data? {
        guard initialized, publicKey.count == keyBytes else { return nil }
        var output = Data(count: message.count + sealBytes)
        let status = output.withUnsafeMutableBytes { out in
            message.withUnsafeBytes { m in
                publicKey.withUnsafeBytes { pk in crypto_box_seal(out.uint8, m.uint8, UInt64(message.count), pk.uint8) }
            }
        }
        return status == 0 ? output : nil
    }

    /// `crypto_box_seal_open`: the message of a sealed box for the key pair, or `nil` when it
    /// does not open.
    static func openSeal(_ sealed: Data, publicKey: Data, secretKey: Data) -> Data? {
        guard initialized, sealed.count >= sealBytes, publicKey.count == keyBytes, secretKey.count == keyBytes
        else { return nil }
        var output = Data(count: sealed.count - sealBytes)
        let status = output.withUnsafeMutableBytes { out in
            sealed.withUnsafeBytes { c in
                publicKey.withUnsafeBytes { pk in
                    secretKey.withUnsafeBytes { sk in
                        crypto_box_seal_open(out.uint8, c.uint8, UInt64(sealed.count), pk.uint8, sk.uint8)
                    }
                }
            }
        }
        return status == 0 ? output : nil
    }

    /// ChaCha20-Poly1305 IETF encryption (detached tag) of `plaintext` with `additionalData`.
    static func aeadEncrypt(
        _ plaintext: Data, additionalData: Data, nonce: Data, key: Data
    ) -> (ciphertext: Data, tag: Data)? {
        guard initialized, nonce.count == aeadNonceBytes, key.count == keyBytes else { return nil }
        var ciphertext = Data(count: plaintext.count)
        var tag = Data(count: aeadTagBytes)
        let status = ciphertext.withUnsafeMutableBytes { c in
            tag.withUnsafeMutableBytes { t in
                plaintext.withUnsafeBytes { m in
                    additionalData.withUnsafeBytes { ad in
                        nonce.withUnsafeBytes { n in
                            key.withUnsafeBytes { k in
                                crypto_aead_chacha20poly1305_ietf_encrypt_detached(
                                    c.uint8, t.uint8, nil, m.uint8, UInt64(plaintext.count),
                                    ad.uint8, UInt64(additionalData.count), nil, n.uint8, k.uint8)
                            }
                        }
                    }
                }
            }
        }
        return status == 0 ? (ciphertext, tag) : nil
    }

    /// ChaCha20-Poly1305 IETF decryption; `nil` when the tag does not verify.
    static func aeadDecrypt(_ ciphertext: Data, tag: Data, additionalData: Data, nonce: Data, key: Data) -> Data? {
        guard initialized, nonce.count == aeadNonceBytes, key.count == keyBytes, tag.count == aeadTagBytes
        else { return nil }
        var plaintext = Data(count: ciphertext.count)
        let status = plaintext.withUnsafeMutableBytes { m in
            ciphertext.withUnsafeBytes { c in
                tag.withUnsafeBytes { t in
                    additionalData.withUnsafeBytes { ad in
                        nonce.withUnsafeBytes { n in
                            key.withUnsafeBytes { k in
                                crypto_aead_chacha20poly1305_ietf_decrypt_detached(
                                    m.uint8, nil, c.uint8, UInt64(ciphertext.count), t.uint8,
                                    ad.uint8, UInt64(additionalData.count), n.uint8, k.uint8)
                            }
                        }
                    }
                }
            }
        }
        return status == 0 ? plaintext : nil
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
