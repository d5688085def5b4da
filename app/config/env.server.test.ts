import { afterEach, describe, expect, it, vi } from "vitest";
import { parseZlotyAmount } from "./env.server";

/** The configuration as the process would read it at boot with these variables set. */
async function bootWith(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return import("./env.server");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("PRICE_REPLACEMENT", () => {
  it("is free (0) unless set, and read as an amount in złoty kept in grosze, on the company the pages quote", async () => {
    expect((await bootWith({})).company.replacementPriceGrosze).toBe(0);
    expect((await bootWith({ PRICE_REPLACEMENT: "" })).env.PRICE_REPLACEMENT).toBe(0);
    expect((await bootWith({ PRICE_REPLACEMENT: "99,00 zł" })).company.replacementPriceGrosze).toBe(9900);
    await expect(bootWith({ PRICE_REPLACEMENT: "dziewięćdziesiąt" })).rejects.toThrow(
      /PRICE_REPLACEMENT: "dziewięćdziesiąt" is not an amount in złoty/,
    );
  });
});

describe("COMPANY_SHARE_CAPITAL", () => {
  it("is read as an amount in złoty and kept in grosze", async () => {
    expect((await bootWith({ COMPANY_SHARE_CAPITAL: "12 500,50 zł" })).company.shareCapitalGrosze).toBe(1_250_050);
    expect((await bootWith({ COMPANY_SHARE_CAPITAL: "5000" })).company.shareCapitalGrosze).toBe(500_000);
  });

  it("falls back to the placeholder while unset or empty", async () => {
    expect((await bootWith({ COMPANY_SHARE_CAPITAL: "" })).company.shareCapitalGrosze).toBe(500_000);
  });

  it("stops the boot with a message naming the variable when it is not an amount", async () => {
    await expect(bootWith({ COMPANY_SHARE_CAPITAL: "five thousand" })).rejects.toThrow(
      /Invalid environment configuration:\n\s+COMPANY_SHARE_CAPITAL: "five thousand" is not an amount in złoty/,
    );
    await expect(bootWith({ COMPANY_SHARE_CAPITAL: "5,000" })).rejects.toThrow(/COMPANY_SHARE_CAPITAL: "5,000" is not an amount/);
  });

  it("refuses less than a sp. z o.o. may have", async () => {
    await expect(bootWith({ COMPANY_SHARE_CAPITAL: "500" })).rejects.toThrow(/COMPANY_SHARE_CAPITAL: must be at least 5000 zł/);
  });
});

describe("BACKUP_DIR and BACKUP_KEEP", () => {
  it("default to ./data/backups and the newest 14", async () => {
    const { env } = await bootWith({});
    expect([env.BACKUP_DIR, env.BACKUP_KEEP]).toEqual(["./data/backups", 14]);
  });

  it("stop the boot when nothing would be kept", async () => {
    await expect(bootWith({ BACKUP_KEEP: "0" })).rejects.toThrow(/BACKUP_KEEP: Number must be greater than or equal to 1/);
    await expect(bootWith({ BACKUP_KEEP: "a week" })).rejects.toThrow(/BACKUP_KEEP: Expected number, received nan/);
  });
});

describe("SUBSTITUTE_FLAT_CITY", () => {
  it("is the town at the end of the flat's address, the company's city without one, or as set", async () => {
    expect((await bootWith({ SUBSTITUTE_FLAT_ADDRESS: "ul. Zastępcza 7/2, 70-100 Szczecin" })).substituteFlat.city).toBe("Szczecin");
    expect((await bootWith({ SUBSTITUTE_FLAT_ADDRESS: "" })).substituteFlat.city).toBe("Szczecin");
    expect(
      (await bootWith({ SUBSTITUTE_FLAT_ADDRESS: "Zielonka, ul. Leśna 2", SUBSTITUTE_FLAT_CITY: "Zielonka" })).substituteFlat.city,
    ).toBe("Zielonka");
  });

  it("stops the boot when the address names no town and no city is set", async () => {
    await expect(bootWith({ SUBSTITUTE_FLAT_ADDRESS: "Zielonka, ul. Leśna 2" })).rejects.toThrow(/SUBSTITUTE_FLAT_CITY: must be set/);
  });
});

describe("an amount of złoty from configuration", () => {
  it.each([
    ["5000", 500_000],
    ["5 000", 500_000],
    ["5\u00a0000,00", 500_000],
    ["5000.00", 500_000],
    ["5 000,00 zł", 500_000],
    ["PLN 5000", 500_000],
    ["12500,50", 1_250_050],
    ["1 250 000", 125_000_000],
    [" 7500 ", 750_000],
  ])("reads %j as %i grosze", (text, grosze) => {
    expect(parseZlotyAmount(text)).toBe(grosze);
  });

  it.each(["", "abc", "5,000", "5.000", "5000,5", "5000.001", "50 00", "-5000", "5e3", "5 000 zł zł", "99999999999999999999"])(
    "refuses %j rather than guess",
    (text) => {
      expect(parseZlotyAmount(text)).toBeUndefined();
    },
  );
});

describe("the messengers' settings (docs/decisions/086)", () => {
  it("are null while unset, so no link shows", async () => {
    const { messengerAccounts } = await bootWith({ TELEGRAM_USERNAME: "", VIBER_NUMBER: "", WHATSAPP_NUMBER: "", MESSENGER_PAGE: "" });
    expect(messengerAccounts).toEqual({ telegram: null, viber: null, whatsapp: null, messenger: null });
  });

  it("read a number as people write it, and a username with or without its @", async () => {
    const { messengerAccounts } = await bootWith({
      TELEGRAM_USERNAME: "@adres_do_eksmisji",
      VIBER_NUMBER: "+48 600 100 200",
      WHATSAPP_NUMBER: "0048 (600) 100-201",
      MESSENGER_PAGE: "adres.do.eksmisji",
    });
    expect(messengerAccounts).toEqual({
      telegram: "adres_do_eksmisji",
      viber: "48600100200",
      whatsapp: "48600100201",
      messenger: "adres.do.eksmisji",
    });
  });

  it("stop the boot, naming the setting, on a value no app would open", async () => {
    await expect(bootWith({ VIBER_NUMBER: "600 100 200" })).rejects.toThrow(/VIBER_NUMBER: must be a number in international form/);
    await expect(bootWith({ WHATSAPP_NUMBER: "+48 abc" })).rejects.toThrow(/WHATSAPP_NUMBER: must be a number in international form/);
    await expect(bootWith({ TELEGRAM_USERNAME: "ab" })).rejects.toThrow(/TELEGRAM_USERNAME: must be a Telegram username/);
    await expect(bootWith({ MESSENGER_PAGE: "https://facebook.com/x" })).rejects.toThrow(/MESSENGER_PAGE: must be the Facebook page/);
  });
});
