import Foundation
import Vapor
