import Crypto
import Foundation

/// Fast path of ``RecordCipher/open(_:binding:)`` for many rows of one table and column:
/// what listing a large wallet does.
///
/// The plain path builds, for every record, a `SymmetricKey` from the key bytes, a
/// `RecordBinding` and its associated data (an array of parts, a `Data` per part), and
/// copies the nonce, ciphertext and tag out of the sealed value before the sealed box copies
/// them together again. Here the key object is made once, the associated data is the table
/// and column prefix made once plus the row id appended into a reused buffer, and the sealed
/// value (`version || nonce || ciphertext || tag`) is handed to AES-GCM as the combined box
/// it already is. The cipher, the key, the binding bytes and the checks are the same:
/// ``associatedData(id:)`` equals `RecordBinding(table:column:id:).associatedData`, which
/// the differential tests check.
struct RecordColumnOpener {
    let table: String
    let column: String
    private let key: SymmetricKey
    /// The associated data up to the row id's length prefix.
    private let prefix: [UInt8]
    /// Reused between rows; holds `prefix`, then the current row's id part.
    private var buffer: [UInt8]
    /// Made on the first record opened in place.
    private var decryptor: AESGCMColumnDecryptor?

    init(cipher: RecordCipher, table: String, column: String) {
        self.table = table
        self.column = column
        key = SymmetricKey(data: cipher.key)
        var prefix = Array(RecordBinding.domain.utf8)
        Self.appendPart(table.utf8, to: &prefix)
        Self.appendPart(column.utf8, to: &prefix)
        self.prefix = prefix
        buffer = prefix
        buffer.reserveCapacity(prefix.count + 4 + 64)
    }

    /// The associated data of row `id`: the same bytes as ``RecordBinding/associatedData``.
    mutating func associatedData(id: String) -> [UInt8] {
        buffer.removeLast(buffer.count - prefix.count)
        Self.appendPart(id.utf8, to: &buffer)
        return buffer
    }

    /// Opens the sealed value of row `id`; ``WalletError/corruptedRecord(table:id:)`` when
    /// it does not authenticate (or is not a sealed value at all), as the plain path throws.
    mutating func open(_ sealed: Data, id: String) throws(WalletError) -> Data {
        guard sealed.count >= RecordCipher.overhead, sealed.first == RecordCipher.version else {
            throw .corruptedRecord(table: table, id: id)
        }
        buffer.removeLast(buffer.count - prefix.count)
        Self.appendPart(id.utf8, to: &buffer)
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
            return try AES.GCM.open(box, using: key, authenticating: buffer)
        } catch {
            throw .corruptedRecord(table: table, id: id)
        }
    }

    /// Opens the sealed value of row `id` where it lies (SQLite's buffer) and hands the
    /// plaintext to `body`, valid only inside it: no copy of the sealed value or of the
    /// plaintext is made, and the key schedule is that of the first record
    /// (``AESGCMColumnDecryptor``). Throws ``WalletError/corruptedRecord(table:id:)`` as
    /// ``open(_:id:)`` does.
    mutating func open<Result>(
        _ sealed: UnsafeRawBufferPointer, id: String, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws(WalletError) -> Result {
        guard sealed.count >= RecordCipher.overhead, sealed.first == RecordCipher.version else {
            throw .corruptedRecord(table: table, id: id)
        }
        if decryptor == nil { decryptor = AESGCMColumnDecryptor(key: key.withUnsafeBytes { Data($0) }) }
        buffer.removeLast(buffer.count - prefix.count)
        Self.appendPart(id.utf8, to: &buffer)
        guard let decryptor,
              let result = decryptor.open(UnsafeRawBufferPointer(rebasing: sealed.dropFirst()), associatedData: buffer, body)
        else { throw .corruptedRecord(table: table, id: id) }
        return result
    }

    /// A part as ``RecordBinding`` writes it: a 4-byte big-endian length (clamped as
    /// there), then the bytes.
    private static func appendPart(_ bytes: String.UTF8View, to out: inout [UInt8]) {
        let count = UInt32(clamping: bytes.count)
        out.append(UInt8(count >> 24 & 0xFF))
        out.append(UInt8(count >> 16 & 0xFF))
        out.append(UInt8(count >> 8 & 0xFF))
        out.append(UInt8(count & 0xFF))
        out.append(contentsOf: bytes)
    }
}
