import { it } from "vitest";
import "./no-such-module"; // fails on purpose: the file fails before any test is collected

it("never runs", () => {});
