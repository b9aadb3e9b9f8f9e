import Foundation
import Sandbox
import Testing

/// QR rendering for the offer page and the terminal.
@Suite("QR code")
struct QRCodeTests {
    @Test("A short link makes a version 1-4 symbol with finder patterns in three corners")
    func finderPatterns() throws {
        let code = try SandboxQRCode(encoding: "openid-credential-offer://?credential_offer_uri=http%3A%2F%2F127.0.0.1%3A8080%2Foffers%2Fx")
        #expect((code.size - 17) % 4 == 0 && code.size >= 21)
        for (row, column) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            #expect(code.isDark(row: row, column: column) && code.isDark(row: row + 6, column: column + 6))
            #expect(!code.isDark(row: row + 1, column: column + 1) && code.isDark(row: row + 3, column: column + 3))
        }
        #expect(!code.isDark(row: code.size - 1, column: code.size + 3))
    }

    @Test("Half-block text has one line per two module rows and a quiet zone; SVG draws the dark modules")
    func rendering() throws {
        let code = try SandboxQRCode(encoding: "hello")
        let text = code.halfBlockText(quietZone: 2)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == (code.size + 4 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 4 })
        #expect(lines[0].allSatisfy { $0 == " " })
        #expect(text.contains("█") && text.contains("▀"))
        let inverted = code.halfBlockText(quietZone: 2, inverted: true)
        #expect(inverted.split(separator: "\n")[0].allSatisfy { $0 == "█" })
        let svg = code.svg(moduleSize: 4)
        #expect(svg.hasPrefix("<svg") && svg.contains("width=\"\((code.size + 8) * 4)\""))
        #expect(svg.components(separatedBy: "z").count - 1 == code.modules.filter { $0 }.count)
    }

    @Test("Empty and oversized text is refused")
    func limits() {
        #expect(throws: SandboxError.self) { try SandboxQRCode(encoding: "") }
        #expect(throws: SandboxError.self) { try SandboxQRCode(encoding: String(repeating: "x", count: 3_000)) }
    }
}
