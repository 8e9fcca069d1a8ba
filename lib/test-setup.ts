/**
 * Setup of the node test project. bcrypt at the product's cost (12 rounds: 0.3–0.9 s a hash here,
 * bcryptjs being pure JavaScript) would spend minutes of the suite hashing the passwords its tests
 * set. Tests hash at bcrypt's minimum cost instead: the same algorithm and hash format with 256
 * times fewer rounds, and a compare still reads the cost from the hash it is given.
 * user-passwords.test.ts checks that the product asks for its own cost.
 */
import { vi } from "vitest";

/** bcrypt's minimum cost. */
const TEST_ROUNDS = 4;

vi.mock("bcryptjs", async (importOriginal) => {
  const bcrypt = (await importOriginal<{ default: typeof import("bcryptjs").default }>()).default;
  return { default: { ...bcrypt, hash: (password: string) => bcrypt.hash(password, TEST_ROUNDS) } };
});
