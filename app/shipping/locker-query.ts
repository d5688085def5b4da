import { foldForSearch, soundKeys } from "~/order/search-text";
import { LOCKER_NAME, POSTCODE_IN_TEXT } from "~/order/delivery";
import { TOWNS } from "./towns";

/**
 * What the customer typed into the locker search, as InPost's Points API can be asked it
 * (docs/decisions/059). The API takes a postcode (`relative_post_code`, nearest first), a town's
 * name exactly as InPost writes it (`city`), or a point's name; nothing else of an address.
 * - A locker's name ("KRA010", "kra 010") is looked up by its name.
 * - A postcode anywhere ("31-042", "31042 Kraków", "Kraków, 31 042") is searched around.
 * - Otherwise the words are read for a town, in any spelling: Polish with or without its letters
 *   ("krakow"), Ukrainian or Russian ("Краків", "Краков", "Варшава"), matched by the same sound
 *   keys as the back office's search, and the Polish name is asked for. The words beside the town
 *   ("Floriańska, Kraków") are a street, whose lockers come first.
 */
export type LockerQuery =
  { kind: "code"; name: string } | { kind: "postcode"; postcode: string } | { kind: "town"; town: string; street: string | null };

/** What a person types at most; the rest is not read. */
const QUERY_MAX = 100;
/** Words of an address that name no street: "ul. Długa" is the street "Długa". */
const STREET_WORDS = new Set(["ul", "ulica", "al", "aleja", "aleje", "os", "osiedle", "pl", "plac", "вул", "вулиця", "ул", "улица"]);

/** The query as the status line repeats it: trimmed, spaces collapsed, a postcode written NN-NNN. */
export function shownQuery(typed: string): string {
  return typed
    .normalize("NFC")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, QUERY_MAX)
    .replace(POSTCODE_IN_TEXT, (_match, head: string, tail: string) => `${head}-${tail}`);
}

export function lockerQueryOf(typed: string): LockerQuery | null {
  const text = shownQuery(typed);
  if (text.replace(/[^\p{L}\p{N}]/gu, "").length < 2) return null;
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  if (/\d/.test(compact) && LOCKER_NAME.test(compact)) return { kind: "code", name: compact };
  const postcode = POSTCODE_IN_TEXT.exec(text);
  if (postcode) return { kind: "postcode", postcode: `${postcode[1]}-${postcode[2]}` };
  const words = foldForSearch(text)
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter(Boolean);
  const found = townAtAnEnd(words);
  if (found) {
    const street = found.rest.filter((word) => !STREET_WORDS.has(word) && !/^\d/.test(word));
    return { kind: "town", town: found.town, street: street.length > 0 ? street.join(" ") : null };
  }
  // A town the list does not know: asked as typed, in Latin letters, each word capitalised as InPost writes towns.
  return { kind: "town", town: townCase(polishLettersOf(text)), street: null };
}

type TownWords = { town: string; words: string[][] };

/** Each word of a name as its sound keys (the folded word itself when it has none, a number say). */
function keysOf(name: string): string[][] {
  return foldForSearch(name)
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => [word, ...soundKeys(word)]);
}

/** Every spelling of every town, the longest names first, so "Nowy Sącz" is found before a town "Nowy" would be. */
const SPELLINGS: TownWords[] = TOWNS.flatMap(([town, ...others]) => [town, ...others].map((name) => ({ town, words: keysOf(name) }))).sort(
  (a, b) => b.words.length - a.words.length,
);

const sameWord = (typed: string[], town: string[]) => typed.some((key) => town.includes(key));

/** A town named by the words at the start or at the end of the query, and the words left beside it. */
function townAtAnEnd(words: string[]): { town: string; rest: string[] } | null {
  const typed = words.flatMap((word) => word.split("-")).map((word) => [word, ...soundKeys(word)]);
  for (const spelling of SPELLINGS) {
    const size = spelling.words.length;
    if (size > typed.length) continue;
    for (const start of [0, typed.length - size]) {
      if (spelling.words.every((town, index) => sameWord(typed[start + index]!, town)))
        return { town: spelling.town, rest: [...typed.slice(0, start), ...typed.slice(start + size)].map((keys) => keys[0]!) };
    }
  }
  return null;
}

/** Ukrainian and Russian letters as a Pole would write the sounds: "Вроцлав" → "Wroclaw". */
const POLISH_LETTERS: Record<string, string> = {
  а: "a",
  б: "b",
  в: "w",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "io",
  є: "je",
  ж: "ż",
  з: "z",
  и: "y",
  і: "i",
  ї: "ji",
  й: "j",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "ch",
  ц: "c",
  ч: "cz",
  ш: "sz",
  щ: "szcz",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "ju",
  я: "ja",
};

function polishLettersOf(text: string): string {
  return [...text].map((letter) => POLISH_LETTERS[letter.toLowerCase()] ?? letter).join("");
}

/** "zielona góra" → "Zielona Góra", "BIELSKO-BIAŁA" → "Bielsko-Biała". */
function townCase(text: string): string {
  return text
    .toLocaleLowerCase("pl")
    .replace(/(^|[\s-])(\p{L})/gu, (_match, before: string, letter: string) => before + letter.toLocaleUpperCase("pl"));
}

/** Lockers on the named street first, in the order InPost gave them; the others after. */
export function onStreetFirst<Point extends { address: string }>(points: Point[], street: string): Point[] {
  const wanted = foldForSearch(street);
  const onStreet = (point: Point) => foldForSearch(point.address).includes(wanted);
  return [...points.filter(onStreet), ...points.filter((point) => !onStreet(point))];
}
