// extension.js -- the tile language in VS Code: starts `wonderc lsp` for
// every .tiles file (docs/editors.md).  The colours come from the grammar
// in syntaxes/; everything else from the server, which is the compiler.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("wonders").get("wondercPath") || "wonderc";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "wonders-tiles",
    "Wonders tiles (wonderc lsp)",
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: "file", language: "wonders-tiles" }],
      middleware: {
        // The code lens "Write SVG" runs the server's wonderc.showSvg; its
        // answer names the file written, which is then opened.
        executeCommand: async (name, args, next) => {
          const answer = await next(name, args);
          if (name === "wonderc.showSvg" && answer && answer.path)
            await vscode.commands.executeCommand("vscode.open", vscode.Uri.file(answer.path));
          return answer;
        },
      },
    }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
