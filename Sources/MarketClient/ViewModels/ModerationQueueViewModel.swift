import Foundation
import MarketCore
import Observation

/// The moderators' queue: reported subjects, most urgent first, and a decision on each.
@MainActor
@Observable
public final class ModerationQueueViewModel: ScreenModel {
    public private(set) var cases: [ModerationCase] = []
    /// The note the next decision carries (required: it goes to the audit log and to the people told).
    public var note = ""
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load() async {
        if let page: Page<ModerationCase> = await perform({ try await client.send(ModerationEndpoint.queue()) }) {
            cases = page.items
        }
    }

    /// The decisions that fit a case: listing actions only for a reported listing.
    public func actions(for item: ModerationCase) -> [ModerationAction] {
        ModerationAction.choices(for: item.subject)
    }

    /// Decides, and takes the case off the list.
    @discardableResult
    public func decide(_ item: ModerationCase, _ action: ModerationAction) async -> Bool {
        let request = ModerationDecisionRequest(action: action, note: note)
        guard checked(request.validated()) != nil else { return false }
        guard await perform({ try await client.send(ModerationEndpoint.decide(report: item.id, request)) as ModerationOutcome }) != nil else {
            return false
        }
        cases.removeAll { $0.id == item.id }
        note = ""
        return true
    }
}
