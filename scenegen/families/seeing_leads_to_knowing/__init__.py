"""The Seeing Leads to Knowing (passive) family."""

from scenegen.families.seeing_leads_to_knowing.family import SeeingLeadsToKnowing

__all__ = ["SeeingLeadsToKnowing"]
