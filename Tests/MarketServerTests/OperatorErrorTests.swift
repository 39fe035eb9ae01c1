import Foundation
@testable import MarketServer
import NIOCore
import NIOPosix
import Testing
import Vapor

/// An operator's mistakes, tried on the built `campusmarket` binary as a new operator would:
/// each ends in one sentence on standard error and exit status 1 (64 for a usage error).
@Suite("Operator mistakes on the built binary", .serialized)
struct OperatorErrorTests {
    struct Outcome {
        let status: Int32
        let stderr: String
        var stdout = ""
        var lines: [Substring] { stderr.split(separator: "\n") }
    }

    /// Runs the binary with a fresh data directory (or `dataDirectory`, kept afterwards); stops
    /// it after `timeout` seconds if needed.
    static func run(_ arguments: [String], environment extra: [String: String] = [:], in workingDirectory: URL = ServerProcesses.packageRoot,
                    dataDirectory: String? = nil, timeout: TimeInterval = 60, executable: URL = ServerProcesses.executable) async throws -> Outcome {
        let directory = dataDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-operator-\(UUID().uuidString)").path
        defer { if dataDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        environment["DATA_DIR"] = directory
        environment["BCRYPT_COST"] = "4"
        environment["LOG_LEVEL"] = "warning"
        for (key, value) in extra { environment[key] = value }
        let streams = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-operator-out-\(UUID().uuidString)")
        let (errors, output) = (streams.appendingPathExtension("err"), streams.appendingPathExtension("out"))
        defer { for file in [errors, output] { try? FileManager.default.removeItem(at: file) } }
        let process = try ChildProcess(executable, arguments, environment: environment, directory: workingDirectory,
                                       stdout: output, stderr: errors)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        process.terminate()
        await process.exit()
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, stderr: text, stdout: printed)
    }

    /// Lines that are the operator's sentence (the log may add warnings of its own, e.g. about
    /// openapi.yaml; none of them may be a crash).
    static func sentence(_ outcome: Outcome) -> [Substring] {
        outcome.lines.filter { $0.hasPrefix("campusmarket: ") }
    }

    @Test("an unknown command is a usage error naming the commands there are")
    func unknownCommand() async throws {
        let outcome = try await Self.run(["create-api-keys"])
        #expect(outcome.status == 64)
        #expect(Self.sentence(outcome).count == 1)
        #expect(outcome.stderr.contains("unknown command 'create-api-keys'"))
        #expect(outcome.stderr.contains("serve"))
        #expect(!outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Backtrac"))
    }

    @Test("migrate with no one to answer its question is one sentence pointing to -y, not a crash; with -y it migrates")
    func migrateWithoutATerminal() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-migrate-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let asked = try await Self.run(["migrate"], dataDirectory: data)  // standard input: /dev/null
        #expect(asked.status == 64)
        #expect(Self.sentence(asked).count == 1 && asked.stderr.contains("campusmarket migrate -y"), "\(asked.stderr)")
        #expect(!asked.stderr.contains("Fatal error") && !asked.stderr.contains("Backtrac"))
        let migrated = try await Self.run(["migrate", "-y"], dataDirectory: data)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout.contains("Migration successful"), "\(migrated.stdout)")
    }

    @Test("a port outside 1–65535 is refused instead of wrapping to another port")
    func badPort() async throws {
        let outcome = try await Self.run(["serve", "--port", "99999"], timeout: 20)
        #expect(outcome.status == 64)
        #expect(Self.sentence(outcome) == ["campusmarket: --port must be a whole number from 1 to 65535, not '99999'."])
    }

    @Test("a DATABASE_URL that cannot be reached is one sentence, without the password")
    func unreachableDatabase() async throws {
        let outcome = try await Self.run(["serve", "--port", "8093"], environment: ["DATABASE_URL": "postgres://ada:hunter2secret@127.0.0.1:1/market"])
        #expect(outcome.status == 1)
        #expect(outcome.lines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("postgres://ada@127.0.0.1:1/market"))
        #expect(outcome.stderr.contains("connection refused"))
        #expect(!outcome.stderr.contains("hunter2secret"))
    }

    @Test("a DATA_DIR that cannot be created is one sentence naming it")
    func badDataDirectory() async throws {
        let outcome = try await Self.run(["serve"], environment: ["DATA_DIR": "/proc/campusmarket-cannot-be-here"])
        #expect(outcome.status == 1)
        #expect(Self.sentence(outcome).count == 1)
        #expect(outcome.stderr.contains("'/proc/campusmarket-cannot-be-here' (DATA_DIR)"))
    }

    @Test("a port already in use is one sentence naming the address")
    func portInUse() async throws {
        let holder = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        defer { holder.close(promise: nil) }
        let port = try #require(holder.localAddress?.port)

        let outcome = try await Self.run(["serve", "--hostname", "127.0.0.1", "--port", "\(port)"])

        #expect(outcome.status == 1)
        #expect(Self.sentence(outcome) == ["campusmarket: the address 127.0.0.1:\(port) is already in use: stop the program using it, or pick another with --port."])
    }

    @Test("a push key that cannot be read, or is not Apple's kind, is one sentence naming the setting")
    func badPushKey() async throws {
        let missing = try await Self.run(["serve"], environment: ["APNS_KEY_FILE": "/nonexistent/AuthKey.p8", "APNS_KEY_ID": "ABC123DEFG"])
        #expect(missing.status == 1)
        #expect(Self.sentence(missing) == ["campusmarket: APNS_KEY_FILE names /nonexistent/AuthKey.p8, which cannot be read"])
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-key-\(UUID()).p8").path
        try "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        let wrong = try await Self.run(["serve"], environment: ["APNS_KEY_FILE": garbage, "APNS_KEY_ID": "ABC123DEFG"])
        #expect(wrong.status == 1)
        #expect(Self.sentence(wrong).first?.contains("APNS_KEY_FILE must hold the .p8 key Apple gave for push") == true, "\(wrong.stderr)")
    }

    @Test("a bad setting is one sentence saying what it must be")
    func badSetting() async throws {
        let outcome = try await Self.run(["serve"], environment: ["BCRYPT_COST": "99"])
        #expect(outcome.status == 1)
        #expect(Self.sentence(outcome) == ["campusmarket: BCRYPT_COST must be a whole number in 4...31, not '99'"])
    }

    @Test("the sign-in and mail settings added with passkeys and Apple are checked the same way", arguments: [
        (["WEBAUTHN_ORIGINS": "https://market.campus.edu/app"], "WEBAUTHN_ORIGINS must list origins like https://market.campus.edu (no path), not 'https://market.campus.edu/app'"),
        (["WEBAUTHN_RP_ID": "https://campus.edu"], "WEBAUTHN_RP_ID must be a domain like market.campus.edu, not 'https://campus.edu'"),
        (["SMTP_CA_FILE": "/etc/hosts"], "SMTP_CA_FILE is set but SMTP_URL is not: set both, or neither"),
        (["SIGNUP_BY_MAIL": "on"], "SIGNUP_BY_MAIL is on but SMTP_URL is not set: no link could reach anyone"),
        (["SMTP_URL": "smtp://127.0.0.1:2525", "SMTP_CA_FILE": "/no/such.pem"], "SMTP_CA_FILE must be a readable PEM file of certificates, not '/no/such.pem'"),
        (["TIME_ZONE": "Eastern"], "TIME_ZONE must be a time zone such as America/Chicago, not 'Eastern'"),
        (["MEETUP_SPOTS_FILE": "/no/such.json"], "MEETUP_SPOTS_FILE must name a readable JSON file of meetup spots, not '/no/such.json'"),
    ])
    func badSignInSetting(environment: [String: String], sentence: String) async throws {
        let outcome = try await Self.run(["serve"], environment: environment)
        #expect(outcome.status == 1)
        #expect(Self.sentence(outcome).map(String.init) == ["campusmarket: " + sentence])
    }

    @Test("a wrong campus entry, or a users command about nobody, is one sentence and exit 1")
    func trustSettingsAndCommands() async throws {
        let campuses = try await Self.run(["serve"], environment: ["CAMPUSES": "umich.edu = University of Michigan @ Mars/Olympus"])
        #expect(campuses.status == 1)
        #expect(Self.sentence(campuses).map(String.init) == ["campusmarket: CAMPUSES has a wrong entry 'umich.edu = University of Michigan @ Mars/Olympus': "
            + "'Mars/Olympus' is not a time zone such as America/Chicago. Write it as 'umich.edu,med.umich.edu = University of Michigan @ America/Detroit'"])
        let nobody = try await Self.run(["users", "grant", "nobody@umich.edu", "moderator"])
        #expect(nobody.status == 1)
        #expect(Self.sentence(nobody).map(String.init) == ["campusmarket: no account uses the email nobody@umich.edu."])
    }

    @Test("doctor: one line per check, exit 1 while a check fails (a new database, a relay that does not answer), 0 when all pass")
    func doctor() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-doctor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fresh = try await Self.run(["doctor"], dataDirectory: directory)
        #expect(fresh.status == 1)
        #expect(fresh.stdout.contains("✔ database: answers (version "))
        #expect(fresh.stdout.contains("✘ migrations: none applied yet (a new database): run `campusmarket migrate`"))
        #expect(fresh.stdout.contains("✔ data directory: \(directory) is writable"))
        #expect(Self.sentence(fresh).map(String.init) == ["campusmarket: 1 of 6 checks failed; each says what to do"])

        #expect(try await Self.run(["migrate", "-y"], dataDirectory: directory).status == 0)
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let healthy = try await Self.run(["doctor"], environment: ["SMTP_URL": smtp.url], dataDirectory: directory)
        #expect(healthy.status == 0, "\(healthy.stdout)\(healthy.stderr)")
        #expect(healthy.stdout.contains("✔ migrations: current") && healthy.stdout.contains("✔ mail relay: 127.0.0.1:"))
        #expect(!healthy.stdout.contains("✘"))

        let silent = try await Self.run(["doctor"], environment: ["SMTP_URL": "smtp://127.0.0.1:9"], dataDirectory: directory)
        #expect(silent.status == 1)
        #expect(silent.stdout.contains("✘ mail relay: 127.0.0.1:9 does not answer (connection refused): check SMTP_URL and the relay"))
    }
}

/// `create-api-key`, `list-api-keys` and `revoke-api-key` on the built binary, as an operator
/// runs them; the key printed is the one the server then accepts.
@Suite("API key commands on the built binary", .serialized)
struct APIKeyCommandTests {
    @Test("create prints the key as its last word, list names it, revoke ends it; mistakes are one sentence")
    func lifecycle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campusmarket-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func run(_ arguments: [String]) async throws -> OperatorErrorTests.Outcome {
            try await OperatorErrorTests.run(arguments, dataDirectory: directory)
        }

        let created = try await run(["create-api-key", "--name", "texttrader-ios"])
        #expect(created.status == 0, "\(created.stderr)")
        let key = try #require(created.stdout.split(whereSeparator: \.isWhitespace).last.map(String.init))
        #expect(key.hasPrefix("cmk_") && key.count > 40)

        let listed = try await run(["list-api-keys"])
        #expect(listed.stdout.contains("texttrader-ios") && !listed.stdout.contains(key))

        let duplicate = try await run(["create-api-key", "--name", "texttrader-ios"])
        #expect(duplicate.status == 1)
        #expect(OperatorErrorTests.sentence(duplicate) == ["campusmarket: an API key named 'texttrader-ios' already exists: revoke it first (campusmarket revoke-api-key texttrader-ios) or choose another name."])
        let unnamed = try await run(["create-api-key"])
        #expect(unnamed.status == 1 && OperatorErrorTests.sentence(unnamed).count == 1)
        #expect(unnamed.stderr.contains("--name"))

        // The server on the same database accepts the key (the login fails on the account, not the key).
        var settings = AppSettings(dataDirectory: directory, database: .sqlite(path: directory + "/campusmarket.sqlite"), bcryptCost: 4)
        settings.autoMigrate = false
        try await withApp(settings: settings, clock: nil, migrate: false) { app in
            let response = try await app.send(.POST, "/texttrader/login", rawBody: #"{"username": "a@b.edu", "password": "whatever it is"}"#,
                                              headers: HTTPHeaders([("x-api-key", key)]))
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("incorrect"))
        }

        let revoked = try await run(["revoke-api-key", "texttrader-ios"])
        #expect(revoked.status == 0 && revoked.stdout.contains("Revoked"))
        let unknown = try await run(["revoke-api-key", "texttrader-ios"])
        #expect(unknown.status == 1)
        #expect(OperatorErrorTests.sentence(unknown) == ["campusmarket: no API key is named 'texttrader-ios'; `campusmarket list-api-keys` shows the names."])
        #expect(try await run(["list-api-keys"]).stdout.contains("No API keys"))
    }
}
