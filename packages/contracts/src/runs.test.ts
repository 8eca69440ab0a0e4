import { describe, expect, it } from "vitest";
import { ScreenFilters, SCREEN_FILTER_DEFAULTS, describeFilters, storedScreenFilters } from "./runs";

describe("a stored run's screening filters", () => {
  it("reads a run recorded before the start-conformer option as docked from one, not from today's default", () => {
    const legacy = storedScreenFilters({ drug_likeness: false, max_heavy_atoms: 70, max_negatome_risk: 0.5 });
    expect(legacy).toMatchObject({ max_heavy_atoms: 70, max_negatome_risk: 0.5, start_conformers: 1 });
    expect(describeFilters(legacy, "vhts", true)).toContain("docking from at most 1 start conformer per ligand");
    expect(storedScreenFilters(null).start_conformers).toBe(1);
  });

  it("keeps what a run recorded, and a new run gets today's default of 2", () => {
    expect(storedScreenFilters({ start_conformers: 3 }).start_conformers).toBe(3);
    const created = ScreenFilters.parse({});
    expect(created.start_conformers).toBe(SCREEN_FILTER_DEFAULTS.start_conformers);
    expect(storedScreenFilters(created).start_conformers).toBe(2);
  });

  it("reads a lead optimization stored before analog docking existed as searched, a new one as tethered", () => {
    const legacy = storedScreenFilters({ max_analog_sa_score: 6 });
    expect(legacy.analog_docking).toBe("search");
    expect(describeFilters(legacy, "lead_opt", true)).toContain("every analog docked by a full search");
    const created = ScreenFilters.parse({});
    expect(created.analog_docking).toBe("tethered");
    expect(describeFilters(created, "lead_opt", true)).toContain("placed on their parent's docked pose");
    expect(describeFilters(created, "vhts", true)).not.toContain("parent");
  });

  it("reads a lead optimization stored before the shared-core filter as keeping every scaffold", () => {
    const legacy = storedScreenFilters({ max_analog_sa_score: 6, analog_docking: "tethered" });
    expect(legacy.min_analog_shared_core).toBe(0);
    expect(describeFilters(legacy, "lead_opt", true)).toContain("analogs of every scaffold kept");
    const created = ScreenFilters.parse({});
    expect(created.min_analog_shared_core).toBe(0.5);
    expect(describeFilters(created, "lead_opt", true)).toContain(
      "generated analogs sharing less than 50 % of their heavy atoms with their parent dropped as new scaffolds",
    );
    expect(describeFilters(created, "vhts", true)).not.toContain("scaffold");
  });

  it("reads a lead optimization stored before the new-alert filter as keeping analogs with new alerts", () => {
    const legacy = storedScreenFilters({ max_analog_sa_score: 6, min_analog_shared_core: 0.5 });
    expect(legacy.drop_analogs_with_new_alerts).toBe(false);
    expect(describeFilters(legacy, "lead_opt", true)).toContain("analogs with new med-chem alerts kept");
    const created = ScreenFilters.parse({});
    expect(created.drop_analogs_with_new_alerts).toBe(true);
    expect(describeFilters(created, "lead_opt", true)).toContain(
      "generated analogs with a med-chem alert their hit does not have dropped",
    );
    expect(describeFilters(created, "vhts", true)).not.toContain("alert");
  });
});
