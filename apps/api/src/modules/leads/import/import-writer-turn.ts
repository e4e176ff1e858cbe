/**
 * The import writer's turn (see ImportWriterSession) as this job's batches use it: a batch enters once
 * the job holds the turn, and when another import waits for it, the job lets no new batch in, gives
 * the turn up as soon as the batches under way have ended (PostgreSQL hands it to the import that
 * asked first) and asks for it again. Taken once for many batches, instead of once per batch, so
 * the batches of one import can run at the same time.
 */
import type { ImportWriterSession } from '@crm/db';

export class ImportWriterTurn {
  private held = false;
  private taking: Promise<void> | undefined;
  private underWay = 0;
  /** Set while the turn is being handed to another import: batches wait for it to settle. */
  private handingOver: { settled: Promise<void>; settle: () => void } | undefined;

  constructor(private readonly hold: ImportWriterSession) {}

  /** Before a batch's transaction: resolves once the batch may write. */
  async enter(): Promise<void> {
    for (;;) {
      if (this.handingOver) await this.handingOver.settled;
      else if (this.held) {
        this.underWay += 1;
        return;
      } else {
        this.taking ??= this.hold.takeWriterTurn().then(
          () => {
            this.held = true;
            this.taking = undefined;
          },
          (error: unknown) => {
            this.taking = undefined;
            throw error;
          },
        );
        await this.taking;
      }
    }
  }

  /** After the batch's transaction ended, committed or not. */
  async leave(): Promise<void> {
    this.underWay -= 1;
    if (!this.handingOver && (await this.hold.othersWaitForTurn().catch(() => false)) && !this.handingOver) {
      let settle: () => void = () => undefined;
      const settled = new Promise<void>((resolve) => (settle = resolve));
      this.handingOver = { settled, settle };
    }
    if (this.handingOver && this.underWay === 0) {
      const { settle } = this.handingOver;
      try {
        await this.giveUp();
      } finally {
        this.handingOver = undefined;
        settle();
      }
    }
  }

  /** Once no batch of the job will write any more (before steps that take the lead-import lock themselves). */
  async end(): Promise<void> {
    if (this.taking) await this.taking.catch(() => undefined);
    await this.giveUp();
  }

  private async giveUp(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.hold.leaveWriterTurn();
  }
}
