/**
 * The unit table behind `convert_units`: each unit belongs to one dimension and converts to that
 * dimension's base unit (metre, kilogram, kelvin). Temperatures are affine, so each unit carries
 * both a scale and an offset: base = value × scale + offset.
 */

export type Dimension = "length" | "mass" | "temperature";

interface Unit {
  readonly dimension: Dimension;
  readonly scale: number;
  readonly offset: number;
}

const linear = (dimension: Dimension, scale: number): Unit => ({ dimension, scale, offset: 0 });

/** Exact factors from the international yard and pound (1959). */
export const UNITS = {
  mm: linear("length", 0.001),
  cm: linear("length", 0.01),
  m: linear("length", 1),
  km: linear("length", 1000),
  in: linear("length", 0.0254),
  ft: linear("length", 0.3048),
  yd: linear("length", 0.9144),
  mi: linear("length", 1609.344),
  mg: linear("mass", 1e-6),
  g: linear("mass", 0.001),
  kg: linear("mass", 1),
  t: linear("mass", 1000),
  oz: linear("mass", 0.028349523125),
  lb: linear("mass", 0.45359237),
  celsius: { dimension: "temperature", scale: 1, offset: 273.15 },
  fahrenheit: { dimension: "temperature", scale: 5 / 9, offset: 273.15 - (32 * 5) / 9 },
  kelvin: linear("temperature", 1),
} as const satisfies Record<string, Unit>;

export type UnitName = keyof typeof UNITS;
export const UNIT_NAMES = Object.keys(UNITS) as UnitName[];

/** The dimension a unit measures. */
export function dimensionOf(unit: UnitName): Dimension {
  return UNITS[unit].dimension;
}

/** `value` in base units (metres, kilograms, kelvin). */
export function toBase(value: number, unit: UnitName): number {
  return value * UNITS[unit].scale + UNITS[unit].offset;
}

/** A base-unit value expressed in `unit`. */
export function fromBase(value: number, unit: UnitName): number {
  return (value - UNITS[unit].offset) / UNITS[unit].scale;
}
