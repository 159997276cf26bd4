import QRCode from "qrcode";
import type { TwoFactorEnrolmentDto } from "@/shared/dto";

/**
 * The enrolment for the page: the otpauth URI as a QR code drawn as one SVG path (a unit square
 * per dark module, a quiet zone of 4 around), so the page renders it as plain React, without
 * injected markup or an image URL the CSP would have to allow.
 */
export function presentTwoFactorEnrolment(enrolment: { totpUri: string; secret: string; backupCodes: string[] }): TwoFactorEnrolmentDto {
  const { modules } = QRCode.create(enrolment.totpUri, { errorCorrectionLevel: "M" });
  const quiet = 4;
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { qr: { size: modules.size + quiet * 2, path }, totpUri: enrolment.totpUri, secret: enrolment.secret, backupCodes: enrolment.backupCodes };
}
