import CatalogApp
import CatalogCore
import Logging

/// Follows the print queue's jobs at CUPS (`LabelQueue.checkPrinting`): those the hub's pages sent, a
/// counter's label mode and the command line alike, each change published to the pages as `print`. When the
/// hub starts, a job a stopped process left part way through sending is marked failed, for a person to retry.
enum HubPrintQueue {
    static func every(_ interval: Duration, services: HubServices) -> Task<Void, Never> {
        Task {
            await interrupted(services)
            while !Task.isCancelled {
                await check(services)
                try? await Task.sleep(for: interval)
            }
        }
    }

    static func interrupted(_ services: HubServices) async {
        do {
            for job in try await LabelQueue(context: services.context).failInterrupted() {
                HubLog.logger.warning("label job \(job.id ?? 0) was left part way through sending: marked failed")
                await services.events.publish("print", job.json)
            }
        } catch {
            HubLog.logger.warning("the print queue could not be read: \(AppError.from(error).description)")
        }
    }

    /// One look at every job CUPS still has.
    static func check(_ services: HubServices) async {
        do {
            for job in try await LabelQueue(context: services.context).checkPrinting() {
                await services.events.publish("print", job.json)
            }
        } catch {
            // CUPS out of reach: the jobs stay as they are and the next look tries again.
            HubLog.logger.debug("print queue not checked: \(AppError.from(error).description)")
        }
    }
}
