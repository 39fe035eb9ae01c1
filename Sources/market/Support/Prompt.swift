import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Questions on the terminal. When stdin is not a terminal (a script, a test), answers are
/// read line by line from it without prompts' decoration.
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// A line of input after `question`; nil at the end of input.
    static func ask(_ question: String) -> String? {
        if isInteractive { FileHandle.standardError.write(Data("\(question) ".utf8)) }
        return readLine(strippingNewline: true)
    }

    /// Like ``ask(_:)``, but what is typed is not shown.
    static func secret(_ question: String) -> String? {
        guard isInteractive else { return ask(question) }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        FileHandle.standardError.write(Data("\(question) ".utf8))
        return readLine(strippingNewline: true)
    }
}
