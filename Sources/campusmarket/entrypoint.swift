import MarketServer

/// `campusmarket`: the server and its commands, all of it in MarketServer (`ServerProcess`).
@main
enum Entrypoint {
    static func main() async {
        await ServerProcess.run()
    }
}
