import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a passphrase from the terminal with echo off, one key at a time, so that Ctrl-C and
/// Ctrl-D abort instead of becoming part of the passphrase.
///
/// `getpass(3)` leaves the terminal's signal keys to the line discipline, and in some
/// terminals `^C` arrives as a byte that ends up in the passphrase (a wallet was created whose
/// passphrase was `\u{3}`). Here the terminal is put in non-canonical mode without signals for
/// the prompt's duration and every control key is interpreted: Ctrl-C cancels, Ctrl-D cancels,
/// Enter ends, Backspace and Ctrl-U edit, and any other control character (an arrow key's
/// escape sequence, a pasted tab) makes the entry invalid rather than silently part of it.
struct PassphrasePrompt {
    /// Why no passphrase came back.
    enum Failure: Error, Equatable {
        /// Ctrl-C or Ctrl-D: the person wants out.
        case cancelled
        /// The entry held a control character.
        case controlCharacter
        /// There is no terminal to ask on.
        case noTerminal
    }

    /// Asks `prompt` on the controlling terminal and returns what was typed.
    static func ask(_ prompt: String) throws(Failure) -> String {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard terminal >= 0 else { throw .noTerminal }
        defer { close(terminal) }
        var saved = termios()
        guard tcgetattr(terminal, &saved) == 0 else { throw .noTerminal }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        put(terminal, prompt)
        guard tcsetattr(terminal, TCSAFLUSH, &raw) == 0 else { throw .noTerminal }
        defer {
            tcsetattr(terminal, TCSAFLUSH, &saved)
            put(terminal, "\n")
        }
        var entry = PassphraseEntry()
        var byte: UInt8 = 0
        while true {
            let count = read(terminal, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { throw .cancelled }
            switch entry.take(byte) {
            case .more: continue
            case .cancelled: throw .cancelled
            case .done(let text): return text
            case .invalid: throw .controlCharacter
            }
        }
    }

    private static func put(_ terminal: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(terminal, $0.baseAddress, $0.count) }
    }
}

/// The keystroke rules of ``PassphrasePrompt``, apart from the terminal so they can be tested
/// byte by byte.
struct PassphraseEntry {
    /// What a key did.
    enum Step: Equatable {
        case more
        case cancelled
        case done(String)
        case invalid
    }

    private var bytes: [UInt8] = []
    private var sawControl = false

    /// Takes one byte typed at the prompt.
    mutating func take(_ byte: UInt8) -> Step {
        switch byte {
        case 0x03, 0x04: return .cancelled  // Ctrl-C, Ctrl-D
        case 0x0A, 0x0D:
            guard !sawControl, let text = String(validating: bytes, as: UTF8.self) else { return .invalid }
            return .done(text)
        case 0x7F, 0x08:  // Backspace: drop the last character (all of its UTF-8 bytes).
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            return .more
        case 0x15:  // Ctrl-U: start over.
            bytes.removeAll()
            sawControl = false
            return .more
        case ..<0x20:
            sawControl = true
            return .more
        default:
            bytes.append(byte)
            return .more
        }
    }
}
