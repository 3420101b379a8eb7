/**
 * The layer rules of eslint.config.js bite: a feature importing another feature (by alias or relative path),
 * lib/ or components/ importing a feature or app/, and an import cycle are errors; the allowed directions are not.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;

/** The rule ids of the errors ESLint reports for `code` as if it were the file `file` (relative to the repository). */
async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}`);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe("eslint layer rules", { timeout: 60_000 }, () => {
  it("refuses a feature importing another feature, by the @ alias or a relative path", async () => {
    expect(
      await errors("frontend/src/features/wallet/x.ts", 'import { accountKeys } from "@/features/account";\nexport const x = accountKeys;\n'),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await errors(
        "frontend/src/features/wallet/components/x.ts",
        'import { accountKeys } from "../../account/api/keys";\nexport const x = accountKeys;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses lib/, hooks/ and components/ importing a feature or app/", async () => {
    const feature = 'import { walletKeys } from "@/features/wallet";\nexport const x = walletKeys;\n';
    expect(await errors("frontend/src/lib/x.ts", feature)).toEqual(["import-x/no-restricted-paths"]);
    expect(await errors("frontend/src/hooks/x.ts", feature)).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await errors("frontend/src/components/ui/x.ts", 'import { App } from "@/app/App";\nexport const x = App;\n'),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("refuses an import cycle", async () => {
    // lib/api/client.ts imports ./errors: errors importing the client back closes a cycle.
    const code = 'import { api } from "./client";\nexport const x = api;\n';
    expect(await errors("frontend/src/lib/api/errors.ts", code)).toEqual(["import-x/no-cycle"]);
  });

  it("allows a feature its own modules and everything below the features; app/ composes features", async () => {
    const own =
      'import { walletKeys } from "@/features/wallet/api/keys";\nimport { useMoneyMutation } from "@/hooks/useMoneyMutation";\n' +
      'import { api } from "@/lib/api";\nimport { Money } from "@/components/ui/Money";\nimport { toWalletSummary } from "../wallet/api/summary";\n' +
      "export const x = [walletKeys, useMoneyMutation, api, Money, toWalletSummary];\n";
    expect(await errors("frontend/src/features/wallet/x.ts", own)).toEqual([]);
    const screen =
      'import { accountKeys } from "@/features/account";\nimport { walletKeys } from "@/features/wallet";\n' +
      "export const x = [accountKeys, walletKeys];\n";
    expect(await errors("frontend/src/app/screens/X.tsx", screen)).toEqual([]);
  });
});
