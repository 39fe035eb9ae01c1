import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Splits the relay's bytes into lines, without their CRLF.
struct SMTPLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > 4_096 { throw SMTPMailSender.RelayError(description: "the relay sent a line longer than 4 KB") }
            return .needMoreData
        }
        var line = buffer.readSlice(length: newline - buffer.readerIndex + 1)!
        line.moveWriterIndex(to: line.writerIndex - 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}
