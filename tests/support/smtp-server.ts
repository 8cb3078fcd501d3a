import net from "node:net";

/**
 * A mail server on 127.0.0.1 speaking real SMTP: it refuses the recipients `refuse` matches
 * (550) and accepts the others, keeping each accepted message's recipients and raw text.
 */
export type TestSmtpServer = { url: string; received: Array<{ to: string[]; data: string }>; close: () => Promise<void> };

export async function startSmtpServer(refuse: (address: string) => boolean = () => false): Promise<TestSmtpServer> {
  const received: TestSmtpServer["received"] = [];
  const server = net.createServer((socket) => {
    socket.write("220 test.smtp ESMTP\r\n");
    let buffer = "";
    let recipients: string[] = [];
    let data: string[] | null = null;
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            received.push({ to: recipients, data: data.join("\n") });
            data = null;
            recipients = [];
            socket.write("250 OK queued\r\n");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const command = line.toUpperCase();
        if (command.startsWith("EHLO") || command.startsWith("HELO")) socket.write("250 test.smtp\r\n");
        else if (command.startsWith("MAIL FROM")) socket.write("250 OK\r\n");
        else if (command.startsWith("RCPT TO")) {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
          if (refuse(address)) socket.write("550 5.1.1 No such mailbox\r\n");
          else {
            recipients.push(address);
            socket.write("250 OK\r\n");
          }
        } else if (command === "DATA") {
          data = [];
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (command.startsWith("RSET")) {
          recipients = [];
          socket.write("250 OK\r\n");
        } else if (command.startsWith("QUIT")) socket.end("221 Bye\r\n");
        else socket.write("502 Not implemented\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
