import ArgumentParser
import Foundation
import MarketClient
import MarketCore
